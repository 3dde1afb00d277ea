import type { LinkExpired } from '@linkledger/contracts';
import { dayLabel } from '../formats/day-label.ts';
import { composeMail } from '../mail/compose-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';

interface ExpiredLink {
  title: string;
  shortUrl: string;
  shortCode: string;
  reason: LinkExpired['reason'];
  /** The expiry time (ISO) for an expiry by time; the click limit for one by clicks. */
  expiresAt: string | null;
  maxClicks: number | null;
  /** Where visitors go now, when the owner set one; else they see the "expired" page. */
  expiredUrl: string | null;
  /** The team workspace's name when a team owns the link; null for a personal one. */
  team: string | null;
  /** The web app's address the mail links to; null when none is known. */
  base: string | null;
}

const why = (link: ExpiredLink) =>
  link.reason === 'max_clicks'
    ? `it reached its limit of ${link.maxClicks ?? 'its'} clicks`
    : `its expiry time passed${link.expiresAt ? ` (${dayLabel(link.expiresAt)})` : ''}`;

/**
 * Tells a workspace's owners and admins that one of its links expired and why
 * (docs/notifications.md#link-expiry-notices). The title, the team's name and the addresses are
 * typed by people: composeMail escapes them in the HTML part.
 */
export function linkExpiredMail(to: string, link: ExpiredLink): MailMessage {
  const whose = link.team === null ? 'Your link' : `The link of the workspace “${link.team}”`;
  const named = `${link.shortUrl}${link.title ? ` (“${link.title}”)` : ''}`;
  return {
    purpose: 'link_expired',
    ...composeMail(
      to,
      `${whose} ${link.shortCode} has expired`,
      [
        `${whose} ${named} has expired: ${why(link)}.`,
        link.expiredUrl ? `Visitors are now sent to ${link.expiredUrl}.` : 'Visitors now see a page saying the link has expired instead of being sent on.',
        'To serve it again, edit the link and move its expiry date or raise its click limit.',
      ],
      'You get this notice because you own or manage the workspace the link belongs to.',
      link.base ? { label: 'Open your dashboard', url: `${link.base}/dashboard` } : undefined,
    ),
  };
}
