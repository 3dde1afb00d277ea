import { formatLimit } from '@linkledger/contracts';
import { composeMail } from '../mail/compose-mail.ts';
import type { LinkLimitSource } from '../billing/index.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { dayLabel } from '../formats/day-label.ts';

/** Where the closing line sends people to change these e-mails. */
const SWITCH_OFF = 'You can switch this e-mail off in Settings → Notifications.';
/** Links listed one by one in a summary; the rest are counted in one line. */
const SUMMARY_LINKS_LISTED = 20;

const clicks = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'click' : 'clicks'}`;
const screen = (base: string | null, path: string, label: string) => (base ? { label, url: `${base}${path}` } : undefined);

interface SummaryLink {
  title: string;
  shortUrl: string;
  clicks: number;
}

/** Monday's e-mail: the human clicks of each link in the week before (docs/notifications.md). */
export function weeklySummaryMail(
  to: string,
  summary: { week: string; monday: string; sunday: string; links: SummaryLink[]; base: string | null },
): MailMessage {
  const total = summary.links.reduce((sum, link) => sum + link.clicks, 0);
  const ranked = [...summary.links].sort((a, b) => b.clicks - a.clicks || a.shortUrl.localeCompare(b.shortUrl));
  const listed = ranked.slice(0, SUMMARY_LINKS_LISTED);
  const rest = ranked.slice(SUMMARY_LINKS_LISTED);
  const from = dayLabel(`${summary.monday}T00:00:00.000Z`);
  const to_ = dayLabel(`${summary.sunday}T00:00:00.000Z`);
  return {
    purpose: 'weekly_summary',
    ...composeMail(
      to,
      `Your Linkledger week: ${clicks(total)} from ${from} to ${to_}`,
      [
        `Here is how your links did last week (${summary.week}, ${from} to ${to_}, UTC): ${clicks(total)} in all.`,
        ...listed.map((link) => `${link.title || link.shortUrl} (${link.shortUrl}): ${clicks(link.clicks)}`),
        ...(rest.length
          ? [`and ${rest.length} more ${rest.length === 1 ? 'link' : 'links'}: ${clicks(rest.reduce((sum, link) => sum + link.clicks, 0))}`]
          : []),
        'Only visits by people are counted; bots are left out.',
      ],
      `You receive this summary every Monday. ${SWITCH_OFF}`,
      screen(summary.base, '/dashboard', 'Open your dashboard'),
    ),
  };
}

/**
 * The links created this month reached 80 % or all of the monthly limit (docs/notifications.md):
 * the plan's, met with an upgrade, or one an admin set for the account, which outlasts any plan
 * change and is met by support.
 */
export function usageWarningMail(
  to: string,
  usage: { threshold: 80 | 100; used: number; limit: number; source: LinkLimitSource; base: string | null },
): MailMessage {
  const reached = usage.threshold === 100;
  const whose =
    usage.source.kind === 'plan' ? `your ${usage.source.planName} plan allows` : 'your account allows (a limit set for your account, not by your plan)';
  return {
    purpose: 'usage_warning',
    ...composeMail(
      to,
      reached ? 'You have reached your monthly link limit' : `You have used ${usage.threshold}% of your monthly links`,
      [
        `You have created ${formatLimit(usage.used)} of the ${formatLimit(usage.limit)} links ${whose} this month.`,
        reached
          ? 'New links cannot be created until the 1st of next month (UTC). Your existing links keep working.'
          : 'Once you reach the limit, new links can be created again from the 1st of next month (UTC).',
        usage.source.kind === 'plan'
          ? 'To create more links now, upgrade your plan on the pricing page.'
          : 'To create more links now, ask support to change the limit.',
      ],
      `You receive this warning at 80% and at 100% of the limit, once each a month. ${SWITCH_OFF}`,
      usage.source.kind === 'plan' ? screen(usage.base, '/pricing', 'See the plans') : screen(usage.base, '/support', 'Contact support'),
    ),
  };
}

/** An admin disabled one of the user's links (docs/notifications.md). */
export function moderationNoticeMail(
  to: string,
  link: { title: string; shortUrl: string; shortCode: string; destination: string; reason: string; base: string | null },
): MailMessage {
  return {
    purpose: 'moderation_notice',
    ...composeMail(
      to,
      `Your link ${link.shortCode} was disabled by an administrator`,
      [
        `An administrator disabled your link ${link.shortUrl}${link.title ? ` (“${link.title}”)` : ''}, which leads to ${link.destination}.`,
        `Reason: ${link.reason || 'none given'}`,
        'Visitors now see a page saying the link is disabled instead of being sent on. Only an administrator can enable it again.',
        'If you think this is a mistake, contact support from the Support page.',
      ],
      SWITCH_OFF,
      screen(link.base, '/dashboard', 'Open your dashboard'),
    ),
  };
}
