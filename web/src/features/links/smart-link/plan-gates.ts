/*
 * Which smart-link controls the workspace's plan allows (docs/links.md#smart-links), read from
 * the subscription's features as the Export button reads csv_import_export. The server refuses
 * the rest with 403 anyway; the dialogs show them disabled, with why, up front.
 */

export type ControlSection = 'schedule' | 'password' | 'deviceRules' | 'otherRules' | 'split' | 'card';

const FEATURE_OF: Record<ControlSection, string> = {
  schedule: 'link_expiration',
  password: 'password_protection',
  deviceRules: 'mobile_redirect',
  otherRules: 'advanced_url_editing',
  split: 'ab_testing',
  card: 'social_sharing',
};

const UPGRADE_TEXT: Record<ControlSection, string> = {
  schedule: 'Link expiry and scheduling are available on Pro and Enterprise plans. Upgrade your plan to use them.',
  password: 'Password-protected links are available on Pro and Enterprise plans. Upgrade your plan to use them.',
  deviceRules: 'Device targeting is available on Pro and Enterprise plans. Upgrade your plan to use it.',
  otherRules: 'Targeting by browser, language, country, query and time is available on the Enterprise plan. Upgrade your plan to use it.',
  split: 'A/B split destinations are available on the Enterprise plan. Upgrade your plan to use them.',
  card: 'Custom social cards are available on Pro and Enterprise plans. Upgrade your plan to use them.',
};

export interface ControlGate {
  allowed: boolean;
  /** Why not, for a section the plan lacks. */
  upgrade: string;
}

export type ControlGates = Record<ControlSection, ControlGate>;

/** Each section's gate; while the features are unknown (loading, or the call failed) nothing is allowed. */
export function controlGates(features: Readonly<Record<string, boolean>> | null | undefined): ControlGates {
  const gate = (section: ControlSection): ControlGate => ({ allowed: features?.[FEATURE_OF[section]] === true, upgrade: UPGRADE_TEXT[section] });
  return {
    schedule: gate('schedule'),
    password: gate('password'),
    deviceRules: gate('deviceRules'),
    otherRules: gate('otherRules'),
    split: gate('split'),
    card: gate('card'),
  };
}
