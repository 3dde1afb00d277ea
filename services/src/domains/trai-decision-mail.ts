import { composeMail } from '../mail/compose-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** The web app's screen that lists a workspace's domains and TRAI headers. */
const CUSTOM_DOMAINS_SCREEN = '/custom-domains';

interface TraiDecision {
  header: string;
  approved: boolean;
  /** The administrator's reason for a rejection, as they typed it. */
  reason: string;
  /** The team workspace's name when a team owns the header; null for a personal one. */
  team: string | null;
  /** The web app's address the mail links to. */
  base: string;
}

/**
 * Tells the owners and admins of the workspace that owns a TRAI header on our host, and the
 * member who submitted it, what an administrator decided (docs/domains.md#headers-on-our-host).
 * The team's name and the reason are typed by people: composeMail escapes them in the HTML part.
 */
export function traiDecisionMail(to: string, decision: TraiDecision): MailMessage {
  const { header, team } = decision;
  const whose = team === null ? `Your TRAI header ${header}` : `The TRAI header ${header} of the workspace “${team}”`;
  const outcome = decision.approved ? 'approved' : 'rejected';
  return {
    purpose: 'trai_decision',
    ...composeMail(
      to,
      `${whose} was ${outcome}`,
      decision.approved
        ? [`${whose} on this service’s own host was approved by an administrator: links can be created under it from now on.`]
        : [
            `${whose} on this service’s own host was rejected by an administrator: no link is served under it, and the header is free for anyone to register again.`,
            ...(decision.reason === '' ? [] : [`The administrator’s reason: ${decision.reason}`]),
          ],
      'You get this notice because you manage the custom domains of the workspace that owns the header, or submitted it.',
      { label: 'Open Custom Domains', url: `${decision.base}${CUSTOM_DOMAINS_SCREEN}` },
    ),
  };
}
