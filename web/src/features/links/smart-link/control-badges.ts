import type { Link } from '../../../api/types.ts';
import { createdLabel, momentLabel, timeUntilLabel } from '../../../format/dates.ts';
import { countLabel } from '../../../format/numbers.ts';

/** One control at a glance on a link's row or card: a short text, and the detail for its tooltip. */
interface ControlBadge {
  key: 'schedule' | 'clicks' | 'password' | 'rules' | 'split' | 'card';
  text: string;
  detail: string;
  /** Expired, or not active yet: the link does not reach its destination now. */
  warning?: boolean;
}

type Controls = Pick<
  Link,
  'starts_at' | 'expires_at' | 'max_clicks' | 'has_password' | 'rules' | 'variants' | 'og' | 'expired' | 'total_clicks' | 'expired_url'
>;

/** Where traffic goes while the link is not live, for a tooltip. */
const elsewhere = (link: Controls) => (link.expired_url ? ` Visitors go to ${link.expired_url}.` : '');

function scheduleBadge(link: Controls, now: number): ControlBadge | null {
  if (link.expired || (link.expires_at !== null && timeUntilLabel(link.expires_at, now) === null)) {
    const why =
      link.expires_at !== null && timeUntilLabel(link.expires_at, now) === null ? `Expired on ${momentLabel(link.expires_at)}.` : 'Reached its click limit.';
    return { key: 'schedule', text: 'Expired', detail: `${why}${elsewhere(link)}`, warning: true };
  }
  if (link.starts_at !== null && timeUntilLabel(link.starts_at, now) !== null) {
    return {
      key: 'schedule',
      text: `Starts ${createdLabel(link.starts_at)}`,
      detail: `Not active until ${momentLabel(link.starts_at)}.${elsewhere(link)}`,
      warning: true,
    };
  }
  if (link.expires_at !== null) {
    return { key: 'schedule', text: `Expires in ${timeUntilLabel(link.expires_at, now)}`, detail: `Expires on ${momentLabel(link.expires_at)}.` };
  }
  return null;
}

function clicksBadge(link: Controls): ControlBadge | null {
  if (link.max_clicks === null) return null;
  const left = Math.max(0, link.max_clicks - link.total_clicks);
  return {
    key: 'clicks',
    text: `${countLabel(left)} of ${countLabel(link.max_clicks)} clicks left`,
    detail: `Expires after ${countLabel(link.max_clicks)} ${link.max_clicks === 1 ? 'click' : 'clicks'}; bots and previews do not count.`,
  };
}

/** The rules in order, one line each: "1. ios, IN → https://…". */
function rulesDetail(rules: Controls['rules']): string {
  return rules
    .map((rule, index) => {
      const { device, browser, language, country, query, before, after } = rule.conditions;
      const conditions = [
        device,
        browser,
        language,
        country,
        query ? `?${query.param}${query.value === undefined ? '' : `=${query.value}`}` : undefined,
        before ? `before ${momentLabel(before)}` : undefined,
        after ? `after ${momentLabel(after)}` : undefined,
      ].filter(Boolean);
      return `${index + 1}. ${conditions.join(', ')} → ${rule.url}`;
    })
    .join('\n');
}

/** The link's controls as badges, in the order the dialog lists them; a plain link has none. */
export function controlBadges(link: Controls, now: number): ControlBadge[] {
  const badges: (ControlBadge | null)[] = [
    scheduleBadge(link, now),
    clicksBadge(link),
    link.has_password ? { key: 'password', text: 'Password', detail: 'Visitors enter a password before they are redirected.' } : null,
    link.rules.length > 0
      ? { key: 'rules', text: `${link.rules.length} ${link.rules.length === 1 ? 'rule' : 'rules'}`, detail: rulesDetail(link.rules) }
      : null,
    link.variants.length > 0
      ? {
          key: 'split',
          text: `A/B ${link.variants.map((variant) => variant.weight).join('/')}`,
          detail: link.variants.map((variant, index) => `Variant ${index + 1}: ${variant.weight}% → ${variant.url}`).join('\n'),
        }
      : null,
    link.og ? { key: 'card', text: 'Card', detail: `Social card: ${link.og.title || 'untitled'}` } : null,
  ];
  return badges.filter((badge) => badge !== null);
}
