import type { DomainEvent } from '@linkledger/contracts';
import { handleMultiStreamCommand, type MultiStreamDecider, type StreamSpec } from '../commands/command-handler.ts';
import { conflict, invalid, notFound, unavailable } from '../commands/domain-error.ts';
import { loadStream, type CommandContext } from '../commands/command-context.ts';
import { EMAIL_TOKEN_LIFETIME_MS, emailTokenStream, evolveEmailToken, noEmailToken, type EmailTokenState } from '../accounts/index.ts';
import { MAIL_DELAYED, mailToOwe, type OwingDeps } from '../accounts/index.ts';
import { emailStream, evolveEmailClaim, normalizeEmail } from '../accounts/index.ts';
import { mailOwed, owedMailSpec, type MailToOwe } from '../owed-mail/index.ts';
import type { OwedMailState } from '../owed-mail/index.ts';
import { ACCOUNT_GONE } from './profile.ts';
import { evolveSettingsUser, noSettingsUser, userStream, type SettingsUser } from './settings-user.ts';

export const EMAIL_IN_USE = 'That e-mail address is already used by another account.';
export const EMAIL_UNCHANGED = 'That is already the e-mail address of your account.';
export const CHANGE_LINK_INVALID = 'This e-mail change link is invalid or was replaced by a newer one. Please ask for a new one in your settings.';
export const CHANGE_LINK_EXPIRED = 'This e-mail change link has expired. Please ask for a new one in your settings.';
export const CHANGE_TOKEN_MISSING = 'Invalid e-mail change link. Token is missing.';
export const EMAIL_CHANGED = 'Your e-mail address was changed successfully. Sign in with the new address from now on.';
export const changeLinkSent = (email: string) => `We sent a confirmation link to ${email}. Your address changes when you open it.`;

interface RequestChange {
  userId: number;
  newEmail: string;
  expiresAt: string;
  /** The confirmation mail the request owes, and where its link leads. */
  mail: MailToOwe;
  appBase: string;
}

/**
 * Given the account and the new address's claim, when the owner (who proved their
 * password) asks to move to another address: the request is noted on the account and the
 * confirmation mail to the new address is owed (its link's token is minted when it is
 * written); a taken address is refused at once.
 */
export function decideEmailChangeRequest(
  command: RequestChange,
  states: { user: SettingsUser; claim: number | null },
): { user?: DomainEvent[]; mail?: DomainEvent[] } {
  const { user } = states.user;
  if (user.id === null || user.deleted) throw notFound(ACCOUNT_GONE);
  if (command.newEmail === user.email) throw invalid(EMAIL_UNCHANGED);
  if (states.claim !== null) throw conflict(EMAIL_IN_USE);
  return {
    user: [{ type: 'EmailChangeRequested', data: { user_id: command.userId, new_email: command.newEmail, expires_at: command.expiresAt } }],
    mail: [
      mailOwed(command.mail, {
        kind: 'change_email',
        userId: command.userId,
        place: { base: command.appBase, environmentOnly: false },
        about: command.newEmail,
      }),
    ],
  };
}

const settingsUserSpec = (userId: number): StreamSpec<SettingsUser> => ({
  stream: userStream(userId),
  initialState: noSettingsUser,
  evolve: evolveSettingsUser,
});
/** Who holds an address: the account whose it is, or null while it is free. */
const emailClaimSpec = (email: string): StreamSpec<number | null> => ({ stream: emailStream(email), initialState: null, evolve: evolveEmailClaim });

const emailChangeRequestDecider: MultiStreamDecider<RequestChange, { user: SettingsUser; claim: number | null; mail: OwedMailState }> = {
  streamsOf: (command) => ({
    user: settingsUserSpec(command.userId),
    claim: emailClaimSpec(command.newEmail),
    mail: owedMailSpec(command.mail.mailId),
  }),
  decide: decideEmailChangeRequest,
};

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

interface ConfirmChange {
  token: string;
  userId: number;
  /** The address the account had when the link was read: its claim is released. */
  previousEmail: string;
  newEmail: string;
  now: Date;
  /** The notice to the previous address the change owes, and where its support link leads. */
  notice: MailToOwe;
  appBase: string;
}

type ConfirmStates = { token: EmailTokenState; user: SettingsUser; newClaim: number | null; oldClaim: number | null; notice: OwedMailState };

/**
 * Given the token, the account and both addresses' claims, when the link is followed:
 * only the latest request's unexpired, unused link counts; the new address is claimed
 * (refused if someone took it meanwhile), the old one released, the account changed.
 */
export function decideEmailChangeConfirmation(command: ConfirmChange, states: ConfirmStates): { [K in keyof ConfirmStates]?: DomainEvent[] } {
  const issued = states.token.issued;
  const { user } = states.user;
  if (!issued || issued.purpose !== 'change_email' || user.id !== issued.userId || user.deleted) throw invalid(CHANGE_LINK_INVALID);
  // Only the latest request's link counts: a replaced or cancelled request's link is invalid, even if a later one went to the same address.
  const pending = user.pendingChange;
  if (states.token.redeemed || pending?.email !== issued.email || pending.expiresAt !== issued.expiresAt) throw invalid(CHANGE_LINK_INVALID);
  if (command.now.getTime() >= Date.parse(issued.expiresAt)) throw invalid(CHANGE_LINK_EXPIRED);
  // The command was built from an earlier read; a change meanwhile is retried on fresh state.
  if (user.email !== command.previousEmail || issued.email !== command.newEmail)
    throw conflict('Someone else changed this at the same moment. Please try again.');
  if (states.newClaim !== null && states.newClaim !== user.id) throw conflict(EMAIL_IN_USE);
  return {
    token: [{ type: 'EmailTokenRedeemed', data: { purpose: 'change_email', user_id: user.id } }],
    user: [{ type: 'EmailChanged', data: { user_id: user.id, email: issued.email, previous_email: user.email } }],
    newClaim: [{ type: 'EmailClaimed', data: { user_id: user.id } }],
    oldClaim: states.oldClaim === user.id ? [{ type: 'EmailReleased', data: { user_id: user.id } }] : [],
    notice: [
      mailOwed(command.notice, {
        kind: 'email_changed_notice',
        userId: user.id,
        place: { base: command.appBase, environmentOnly: false },
        to: user.email,
        about: issued.email,
      }),
    ],
  };
}

const emailChangeConfirmDecider: MultiStreamDecider<ConfirmChange, ConfirmStates> = {
  streamsOf: (command) => ({
    token: { stream: emailTokenStream(command.token), initialState: noEmailToken, evolve: evolveEmailToken },
    user: settingsUserSpec(command.userId),
    newClaim: emailClaimSpec(command.newEmail),
    oldClaim: emailClaimSpec(command.previousEmail),
    notice: owedMailSpec(command.notice.mailId),
  }),
  decide: decideEmailChangeConfirmation,
};

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
