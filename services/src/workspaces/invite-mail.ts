import type { WorkspaceRole } from '@linkledger/contracts';
import { composeMail } from '../mail/compose-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** What each role lets the invitee do, as the invite says it (docs/workspaces.md#roles). */
const ROLE_WORDS: Record<WorkspaceRole, string> = {
  owner: 'an owner (everything, billing and the workspace itself included)',
  admin: 'an admin (members, domains, keys and settings)',
  member: 'a member (links, tags and your own API keys)',
  viewer: 'a viewer (reading links and analytics)',
  billing: 'billing (payments and receipts)',
};

/** Where an invite's link leads: the accept screen, with the token that opens the invite. */
export const inviteLink = (base: string, token: string) => `${base}/invite/${encodeURIComponent(token)}`;

interface InviteMailFacts {
  to: string;
  inviter: string;
  workspace: string;
  role: WorkspaceRole;
  link: string;
  expiresAt: Date;
}

/** The invite, to the invited address: who invites, into what, as what, and until when the link works. */
export const workspaceInviteMail = (facts: InviteMailFacts): MailMessage => ({
  purpose: 'workspace_invite',
  ...composeMail(
    facts.to,
    `${facts.inviter} invited you to the workspace ${facts.workspace} on Linkledger`,
    [
      `${facts.inviter} invited you to join the workspace “${facts.workspace}” on Linkledger as ${ROLE_WORDS[facts.role]}.`,
      `Open the link to accept or decline. It works once, for this e-mail address, until ${facts.expiresAt.toUTCString()}.`,
      'No Linkledger account yet? Register with this e-mail address and verify it, then open the link again.',
    ],
    'If you did not expect this invite, ignore this e-mail: nothing changes unless you accept it.',
    { label: 'Answer the invite', url: facts.link },
  ),
});
