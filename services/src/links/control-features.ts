import { isDeepStrictEqual } from 'node:util';
import type { FeatureKey, LinkResponse } from '@linkledger/contracts';
import { currentPlan } from '../billing/index.ts';
import { forbidden } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import type { LinkControlsRequest } from './link-controls-input.ts';

/** What a plan without the control's feature is told (docs/plans.md#feature-gate). */
export const CONTROL_REFUSALS = {
  link_expiration: 'Link expiry is available on the Pro and Enterprise plans. Upgrade your plan to schedule a link or let it expire by date or clicks.',
  password_protection: 'Password-protected links are available on the Pro and Enterprise plans. Upgrade your plan to set a password on a link.',
  mobile_redirect: 'Device rules are available on the Pro and Enterprise plans. Upgrade your plan to send each device to its own destination.',
  advanced_url_editing: 'Country, language, browser, query and time rules are available on the Enterprise plan. Upgrade your plan to target visitors by them.',
  ab_testing: 'A/B splits are available on the Enterprise plan. Upgrade your plan to split a link’s visitors between destinations (variants).',
  social_sharing: 'Custom preview cards are available on the Pro and Enterprise plans. Upgrade your plan to set a link’s social card (og).',
} as const satisfies Partial<Record<FeatureKey, string>>;

type ControlFeature = keyof typeof CONTROL_REFUSALS;
type CurrentControls = Pick<LinkResponse, 'starts_at' | 'expires_at' | 'max_clicks' | 'expired_url' | 'rules' | 'variants' | 'og'>;

const SCHEDULE_FIELDS = ['starts_at', 'expires_at', 'max_clicks', 'expired_url'] as const;

/** A rule that only names a device is a mobile redirect; any other condition is advanced targeting. */
const ruleFeature = (conditions: object): ControlFeature =>
  Object.entries(conditions).every(([name, value]) => name === 'device' || value === undefined) ? 'mobile_redirect' : 'advanced_url_editing';

/**
 * The features the controls a request sets need. Clearing a control (null, "" or []) needs
 * none, so a workspace that lost a feature can still remove what it set; neither does
 * sending back a control the link already has, as the Edit dialog does.
 */
function featuresNeeded(requested: LinkControlsRequest, current: CurrentControls | null): Set<ControlFeature> {
  const sets = (field: keyof CurrentControls) => {
    const value = requested[field];
    if (value == null || (Array.isArray(value) && value.length === 0)) return false;
    return current === null || !isDeepStrictEqual(value, current[field]);
  };
  const needed = new Set<ControlFeature>();
  if (SCHEDULE_FIELDS.some(sets)) needed.add('link_expiration');
  if (requested.password) needed.add('password_protection');
  if (sets('rules')) for (const rule of requested.rules ?? []) needed.add(ruleFeature(rule.conditions));
  if (sets('variants')) needed.add('ab_testing');
  if (sets('og')) needed.add('social_sharing');
  return needed;
}

/**
 * Refuses (403, with the upgrade text) controls the workspace's plan does not include;
 * `current` reads the link an edit changes (only when the request sets a control at all).
 */
export async function requireControlFeatures(
  platform: Pick<Platform, 'clock' | 'read'>,
  workspaceId: number,
  requested: LinkControlsRequest,
  current: () => Promise<CurrentControls | null> = async () => null,
): Promise<void> {
  if (featuresNeeded(requested, null).size === 0) return;
  const needed = featuresNeeded(requested, await current());
  if (needed.size === 0) return;
  const { plan } = await currentPlan(platform, workspaceId);
  const missing = (Object.keys(CONTROL_REFUSALS) as ControlFeature[]).find((feature) => needed.has(feature) && !plan.features.includes(feature));
  if (missing) throw forbidden(CONTROL_REFUSALS[missing]);
}
