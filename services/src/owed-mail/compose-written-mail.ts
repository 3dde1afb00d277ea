import { shreddedEmail, type MailPurpose } from '@linkledger/contracts';
import type { OwedMailComposer } from './owed-mail-sender.ts';

/** The kinds of mail written when owed, each counted under its own purpose in the delivery log. */
const WRITTEN_PURPOSES = [
  'support_ticket',
  'support_reply',
  'security_notice',
  'workspace_invite',
  'trai_decision',
  'link_expired',
  'webhook_failing',
] as const satisfies readonly MailPurpose[];

/**
 * A mail written when it was owed (a support confirmation or reply, a security notice): sent
 * as it was written, unless its recipient's account was deleted meanwhile (its sealed
 * address then reads as shredded).
 */
export const composeWrittenMail: OwedMailComposer = async (_events, owed) => {
  if (!owed.written || owed.to === '' || owed.to === shreddedEmail) return { abandon: 'account_gone' };
  const purpose: MailPurpose = WRITTEN_PURPOSES.find((kind) => kind === owed.kind) ?? 'other';
  return { message: { to: owed.to, ...owed.written, purpose } };
};
