import { shreddedEmail } from '@linkledger/contracts';
import { loadStream } from '../commands/command-context.ts';
import { issueEmailToken, tokenLink } from '../accounts/index.ts';
import type { OwedMailComposer } from '../owed-mail/index.ts';
import { emailChangeMail, emailChangedNoticeMail } from './settings-mail.ts';
import { evolveSettingsUser, noSettingsUser, userStream } from './settings-user-state.ts';

/**
 * The confirmation link of an e-mail change, to the new address, while that change is still
 * the account's pending one: its token carries the request's address and expiry, so only
 * the latest request's link can change the address (docs/accounts.md).
 */
export const composeEmailChangeMail: OwedMailComposer = async (events, owed, context) => {
  const { state } = await loadStream(events, userStream(owed.userId), noSettingsUser, evolveSettingsUser);
  const { user } = state;
  if (user.id === null || user.deleted) return { abandon: 'account_gone' };
  const pending = user.pendingChange;
  if (!pending || pending.email !== owed.about || context.now.getTime() >= Date.parse(pending.expiresAt)) return { abandon: 'not_needed' };
  const token = await issueEmailToken(events, context, 'change_email', { id: user.id, email: pending.email }, pending.expiresAt);
  return { message: emailChangeMail(pending.email, tokenLink(owed.linkBase, 'confirm-email-change', token)) };
};

/** The notice to the previous address that the account moved, so an owner who did not do it notices. */
export const composeEmailChangedNotice: OwedMailComposer = async (_events, owed) => {
  if (owed.to === shreddedEmail) return { abandon: 'account_gone' };
  return { message: emailChangedNoticeMail(owed.to, owed.about, `${owed.linkBase}/support`) };
};
