import { composeMail } from '../mail/compose-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** The web app's screen that lists a user's domains, where a dropped claim is deleted. */
const CUSTOM_DOMAINS_SCREEN = '/custom-domains';

interface DroppedClaim {
  domain: string;
  /** It had been verified once (its records were gone when the other account proved the name), so its links did serve on it. */
  everVerified: boolean;
  /** The web app's address, or null when none is known (the mail then names the screen only). */
  base: string | null;
  /** The team workspace's name when a team owns the claim (each of its owners and admins is told); null for a personal one. */
  team: string | null;
}

/**
 * Tells the owner of a claim that another account verified its name first and the claim was
 * dropped (docs/domains.md#the-notice-of-a-dropped-claim); for a team's claim, each of its owners
 * and admins, naming the team. A service notice: it is not one of the notification switches. The
 * domain was validated when added, the team's name is whatever its owners typed: composeMail
 * escapes both in the HTML part.
 */
export function claimDroppedMail(to: string, claim: DroppedClaim): MailMessage {
  const { domain, team } = claim;
  return {
    purpose: 'domain_claim_dropped',
    ...composeMail(
      to,
      team === null ? `Your claim on ${domain} was dropped` : `The claim of the workspace “${team}” on ${domain} was dropped`,
      [
        ...(team === null ? [] : [`This is about the workspace “${team}”, whose custom domains you manage: “your” below means the workspace’s.`]),
        ...dropLines(claim),
      ],
      team === null
        ? `The claim stays in your Custom Domains list as “Owned by another account”; you can delete it there. This notice is about a domain on your account, so it is sent whatever your notification settings say.`
        : `The claim stays in the workspace’s Custom Domains list as “Owned by another account”; an owner or admin can delete it there. This notice is about a domain of a workspace you manage, so it is sent whatever your notification settings say.`,
      claim.base ? { label: 'Open Custom Domains', url: `${claim.base}${CUSTOM_DOMAINS_SCREEN}` } : undefined,
    ),
  };
}

/** What happened, and what it meant for the links: by whether the claim ever served. */
const dropLines = ({ domain, everVerified }: DroppedClaim): string[] =>
  everVerified
    ? [
        `Another account verified ${domain} while its DNS records no longer pointed to your claim, so that account now owns the name and your claim on it was dropped.`,
        `Links you created on ${domain} stopped being served when its records were found gone, and they will not be served on it again.`,
      ]
    : [
        `${domain} was verified by another account first, so that account now owns the name and your pending claim on it was dropped.`,
        `No link of yours was served on ${domain}: a claim serves links only once it is verified.`,
      ];
