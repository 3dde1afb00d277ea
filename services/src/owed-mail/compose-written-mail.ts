import { shreddedEmail, type MailPurpose } from '@linkledger/contracts';
import type { OwedMailComposer } from './owed-mail-sender.ts';

/**
 * A mail written when it was owed (a support confirmation or reply, a security notice): sent
 * as it was written, unless its recipient's account was deleted meanwhile (its sealed
 * address then reads as shredded).
 */
export const composeWrittenMail: OwedMailComposer = async (_events, owed) => {
  if (!owed.written || owed.to === '' || owed.to === shreddedEmail) return { abandon: 'account_gone' };
  const purpose: MailPurpose = owed.kind === 'support_ticket' || owed.kind === 'support_reply' || owed.kind === 'security_notice' ? owed.kind : 'other';
  return { message: { to: owed.to, ...owed.written, purpose } };
};
