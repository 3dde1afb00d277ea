import type { DomainEvent } from '@linkledger/contracts';
import { handleMultiStreamCommand, type CommandDeps, type MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict, invalid, notFound, unavailable } from '../commands/domain-error.ts';
import { loadStream, type CommandContext } from '../commands/command-context.ts';
import { EMAIL_TOKEN_LIFETIME_MS, emailTokenStream, evolveEmailToken, newEmailToken, noEmailToken, type EmailTokenState } from '../accounts/email-tokens.ts';
import { MAIL_FAILED } from '../accounts/email-flows.ts';
import { normalizeEmail } from '../accounts/register.ts';
import { emailStream, evolveEmailClaim } from '../accounts/register-user.ts';
import type { Platform } from '../platform/platform.ts';
import { ACCOUNT_GONE } from './profile.ts';
import { emailChangeMail, emailChangedNoticeMail } from './settings-mail.ts';
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
  token: string;
  expiresAt: string;
}

/**
 * Given the account, the new address's claim and a fresh token's stream, when the owner
 * (who proved their password) asks to move to another address: the token is issued for the
 * new address and the request noted on the account; a taken address is refused at once.
 */
export function decideEmailChangeRequest(command: RequestChange, states: { user: SettingsUser; claim: number | null; token: EmailTokenState }): { user?: DomainEvent[]; token?: DomainEvent[] } {
  const { user } = states.user;
  if (user.id === null || user.deleted) throw notFound(ACCOUNT_GONE);
  if (command.newEmail === user.email) throw invalid(EMAIL_UNCHANGED);
  if (states.claim !== null) throw conflict(EMAIL_IN_USE);
  if (states.token.issued) throw conflict('Please try again.');
  return {
    token: [{ type: 'EmailTokenIssued', data: { purpose: 'change_email', user_id: command.userId, email: command.newEmail, expires_at: command.expiresAt } }],
    user: [{ type: 'EmailChangeRequested', data: { user_id: command.userId, new_email: command.newEmail, expires_at: command.expiresAt } }],
  };
}

export const emailChangeRequestDecider: MultiStreamDecider<RequestChange, { user: SettingsUser; claim: number | null; token: EmailTokenState }> = {
  streamsOf: (command) => ({
    user: { stream: userStream(command.userId), initialState: noSettingsUser, evolve: evolveSettingsUser },
    claim: { stream: emailStream(command.newEmail), initialState: null, evolve: evolveEmailClaim },
    token: { stream: emailTokenStream(command.token), initialState: noEmailToken, evolve: evolveEmailToken },
  }),
  decide: decideEmailChangeRequest,
};

const link = (base: string, token: string) => `${base}/confirm-email-change?token=${encodeURIComponent(token)}`;

/** Records the request and mails the link to the new address (the current password was checked before). */
export async function requestEmailChange(platform: CommandDeps & Pick<Platform, 'mailer'>, context: CommandContext, userId: number, newEmailTyped: string, appBase: string): Promise<string> {
  const newEmail = normalizeEmail(newEmailTyped);
  const token = newEmailToken();
  const expiresAt = new Date(context.now.getTime() + EMAIL_TOKEN_LIFETIME_MS.change_email).toISOString();
  await handleMultiStreamCommand(platform, context, emailChangeRequestDecider, { userId, newEmail, token, expiresAt });
  try {
    await platform.mailer.send(emailChangeMail(newEmail, link(appBase, token)));
  } catch (error) {
    throw unavailable(MAIL_FAILED, { cause: error });
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
}

type ConfirmStates = { token: EmailTokenState; user: SettingsUser; newClaim: number | null; oldClaim: number | null };

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
  if (user.email !== command.previousEmail || issued.email !== command.newEmail) throw conflict('Someone else changed this at the same moment. Please try again.');
  if (states.newClaim !== null && states.newClaim !== user.id) throw conflict(EMAIL_IN_USE);
  return {
    token: [{ type: 'EmailTokenRedeemed', data: { purpose: 'change_email', user_id: user.id } }],
    user: [{ type: 'EmailChanged', data: { user_id: user.id, email: issued.email, previous_email: user.email } }],
    newClaim: [{ type: 'EmailClaimed', data: { user_id: user.id } }],
    oldClaim: states.oldClaim === user.id ? [{ type: 'EmailReleased', data: { user_id: user.id } }] : [],
  };
}

export const emailChangeConfirmDecider: MultiStreamDecider<ConfirmChange, ConfirmStates> = {
  streamsOf: (command) => ({
    token: { stream: emailTokenStream(command.token), initialState: noEmailToken, evolve: evolveEmailToken },
    user: { stream: userStream(command.userId), initialState: noSettingsUser, evolve: evolveSettingsUser },
    newClaim: { stream: emailStream(command.newEmail), initialState: null, evolve: evolveEmailClaim },
    oldClaim: { stream: emailStream(command.previousEmail), initialState: null, evolve: evolveEmailClaim },
  }),
  decide: decideEmailChangeConfirmation,
};

/** Follows the link: moves the account to the new address, then tells the old address. */
export async function confirmEmailChange(
  platform: CommandDeps & Pick<Platform, 'mailer'>,
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
  const command = { token, userId: issued.userId, previousEmail: state.user.email, newEmail: issued.email, now: context.now };
  await handleMultiStreamCommand(platform, asOwner, emailChangeConfirmDecider, command);
  // The change is made; a notice that cannot go out is logged, not turned into a failure.
  await platform.mailer.send(emailChangedNoticeMail(state.user.email, issued.email, `${appBase}/support`)).catch(onNoticeFailed);
}
