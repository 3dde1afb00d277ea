import { handleMultiStreamCommand } from '../commands/command-handler.ts';
import { invalid, unavailable } from '../commands/domain-error.ts';
import { loadStream, type CommandContext } from '../commands/command-context.ts';
import { EMAIL_TOKEN_LIFETIME_MS, emailTokenStream, evolveEmailToken, noEmailToken } from '../accounts/index.ts';
import { MAIL_DELAYED, mailToOwe, type OwingDeps } from '../accounts/index.ts';
import { normalizeEmail } from '../accounts/index.ts';
import { CHANGE_LINK_INVALID, emailChangeConfirmDecider, emailChangeRequestDecider } from './settings-user-deciders.ts';
import { evolveSettingsUser, noSettingsUser, userStream } from './settings-user-state.ts';

export const CHANGE_TOKEN_MISSING = 'Invalid e-mail change link. Token is missing.';
export const EMAIL_CHANGED = 'Your e-mail address was changed successfully. Sign in with the new address from now on.';
export const changeLinkSent = (email: string) => `We sent a confirmation link to ${email}. Your address changes when you open it.`;

/** Records the request and mails the link to the new address (the current password was checked before). */
export async function requestEmailChange(
  platform: OwingDeps,
  context: CommandContext,
  userId: number,
  newEmailTyped: string,
  appBase: string,
): Promise<string> {
  const newEmail = normalizeEmail(newEmailTyped);
  const expiresAt = new Date(context.now.getTime() + EMAIL_TOKEN_LIFETIME_MS.change_email).toISOString();
  const mail = mailToOwe(platform, context);
  await handleMultiStreamCommand(platform, context, emailChangeRequestDecider, { userId, newEmail, expiresAt, mail, appBase });
  try {
    await platform.owedMail.deliver(mail.mailId);
  } catch (error) {
    throw unavailable(MAIL_DELAYED, { cause: error });
  }
  return newEmail;
}

/** Follows the link: moves the account to the new address, then tells the old address. */
export async function confirmEmailChange(
  platform: OwingDeps,
  context: CommandContext,
  token: string,
  appBase: string,
  onNoticeFailed: (error: unknown) => void,
): Promise<void> {
  const { state: tokenState } = await loadStream(platform.events, emailTokenStream(token), noEmailToken, evolveEmailToken);
  const issued = tokenState.issued;
  if (!issued || issued.purpose !== 'change_email') throw invalid(CHANGE_LINK_INVALID);
  const { state } = await loadStream(platform.events, userStream(issued.userId), noSettingsUser, evolveSettingsUser);
  const asOwner: CommandContext = { ...context, actor: { kind: 'user', id: String(issued.userId) } };
  const notice = mailToOwe(platform, context);
  const command = { token, userId: issued.userId, previousEmail: state.user.email, newEmail: issued.email, now: context.now, notice, appBase };
  await handleMultiStreamCommand(platform, asOwner, emailChangeConfirmDecider, command);
  // The change is made; a notice that cannot go out now is logged and left to the mail sender.
  await platform.owedMail.deliver(notice.mailId).catch(onNoticeFailed);
}
