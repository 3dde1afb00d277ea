import { normalizePhone, type DomainEvent } from '@linkledger/contracts';
import type { Decider, MultiStreamDecider, StreamSpec } from '../commands/command-handler.ts';
import { conflict, invalid, notFound } from '../commands/domain-error.ts';
import {
  emailStream,
  emailTokenStream,
  evolveEmailClaim,
  evolveEmailToken,
  evolveUsernameClaim,
  noEmailToken,
  sameUsername,
  usernameStream,
} from '../accounts/index.ts';
import type { EmailTokenState } from '../accounts/index.ts';
import { revokeCurrentKey } from '../api-keys/index.ts';
import { mailOwed, owedMailSpec, type MailToOwe, type OwedMailState } from '../owed-mail/index.ts';
import { evolveSettingsUser, noSettingsUser, userStream, type SettingsUser } from './settings-user-state.ts';

export const ACCOUNT_GONE = 'This account no longer exists.';
export const USERNAME_TAKEN = 'Username is already taken. Please choose another one.';
export const PROFILE_CHANGED_MEANWHILE = 'Your profile was changed at the same moment. Please try again.';
export const PASSWORD_NOT_NEW = 'New password must be different from your current password.';
export const EMAIL_IN_USE = 'That e-mail address is already used by another account.';
export const EMAIL_UNCHANGED = 'That is already the e-mail address of your account.';
export const CHANGE_LINK_INVALID = 'This e-mail change link is invalid or was replaced by a newer one. Please ask for a new one in your settings.';
export const CHANGE_LINK_EXPIRED = 'This e-mail change link has expired. Please ask for a new one in your settings.';

/** The account as every settings command reads it. */
const settingsUserSpec = (userId: number): StreamSpec<SettingsUser> => ({
  stream: userStream(userId),
  initialState: noSettingsUser,
  evolve: evolveSettingsUser,
});

/**
 * A profile save: a field left out stays as it is, an empty full name or phone clears it
 * (docs/accounts.md#profile).
 */
export interface UpdateProfile {
  userId: number;
  username?: string;
  fullName?: string;
  /** As typed ('' clears it); validated by the request schema, normalised here. */
  phone?: string;
  /** The username the account shows, read before the cycle: its claim streams are named from it. */
  currentUsername: string;
  /** Another account shows the wanted username without holding its claim (its start name, or a name saved before claims). */
  shownByAnother: boolean;
  /** An account that held the wanted name's claim and has since been deleted: its claim no longer counts. */
  deletedHolder?: number;
}

export type ProfileStates = {
  user: SettingsUser;
  /** Who holds the wanted username's claim. */
  wanted: number | null;
  /** Who holds the current username's claim. */
  current: number | null;
};

/**
 * Given the account and the two username claims, when the owner saves the profile: one
 * ProfileUpdated with the values in force afterwards (or nothing when nothing changed); a
 * new username is claimed and the old one's claim released in the same append. A username
 * another account holds or shows, in any case, is refused.
 */
export function decideProfileUpdate(command: UpdateProfile, states: ProfileStates): { user?: DomainEvent[]; wanted?: DomainEvent[]; current?: DomainEvent[] } {
  const { user: state } = states;
  if (state.user.id === null || state.user.deleted) throw notFound(ACCOUNT_GONE);
  if (state.username !== command.currentUsername) throw conflict(PROFILE_CHANGED_MEANWHILE);
  const username = command.username?.trim() ?? state.username;
  const fullName = command.fullName?.trim() ?? state.fullName;
  const phone = command.phone === undefined ? state.phone : command.phone.trim() === '' ? '' : (normalizePhone(command.phone) ?? '');
  const claims: { wanted?: DomainEvent[]; current?: DomainEvent[] } = {};
  if (!sameUsername(username, state.username)) {
    const heldByAnother = states.wanted !== null && states.wanted !== command.userId && states.wanted !== command.deletedHolder;
    if (heldByAnother || command.shownByAnother) throw conflict(USERNAME_TAKEN);
    claims.wanted = states.wanted === command.userId ? [] : [{ type: 'UsernameClaimed', data: { user_id: command.userId } }];
    claims.current = states.current === command.userId ? [{ type: 'UsernameReleased', data: { user_id: command.userId } }] : [];
  }
  if (username === state.username && fullName === state.fullName && phone === state.phone) return {};
  return { user: [{ type: 'ProfileUpdated', data: { user_id: command.userId, username, full_name: fullName, phone } }], ...claims };
}

export const profileDecider: MultiStreamDecider<UpdateProfile, ProfileStates> = {
  streamsOf: (command) => ({
    user: settingsUserSpec(command.userId),
    wanted: { stream: usernameStream(command.username ?? command.currentUsername), initialState: null, evolve: evolveUsernameClaim },
    current: { stream: usernameStream(command.currentUsername), initialState: null, evolve: evolveUsernameClaim },
  }),
  decide: decideProfileUpdate,
};

interface ChangePassword {
  userId: number;
  /** The hash the current password was checked against: a change meanwhile makes this one fail. */
  checkedHash: string;
  passwordHash: string;
  /** The session the change is made from: it stays signed in. */
  keptJti: string;
  /** The owner also revokes the account's API key (a key made by whoever knew the old password stops). */
  revokeApiKey: boolean;
  /** The new password is the one the owner just proved: nothing would change but the sessions. */
  sameAsCurrent: boolean;
}

/**
 * Given the account, when the owner (who proved the current password) sets a new one: every
 * other session ends, and the API key too when the owner asked for that. The password just
 * proved is no new one and is refused.
 */
export function decidePasswordChange(command: ChangePassword, state: SettingsUser): DomainEvent[] {
  if (state.user.id === null || state.user.deleted) throw notFound(ACCOUNT_GONE);
  if (state.user.passwordHash !== command.checkedHash) throw conflict('Your password was changed at the same moment. Please try again.');
  if (command.sameAsCurrent) throw invalid(PASSWORD_NOT_NEW);
  return [
    { type: 'PasswordChanged', data: { user_id: command.userId, password_hash: command.passwordHash, reason: 'change', kept_jti: command.keptJti } },
    ...(command.revokeApiKey ? revokeCurrentKey(state.keys, 'password_changed') : []),
  ];
}

export const passwordChangeDecider: Decider<ChangePassword, SettingsUser> = {
  streamOf: (command) => userStream(command.userId),
  initialState: noSettingsUser,
  evolve: evolveSettingsUser,
  decide: decidePasswordChange,
};

/** Signs out every session of the account but the caller's (tokens issued before are refused, that one excepted). */
export function decideRevokeOthers(command: { userId: number; keptJti: string }, state: SettingsUser): DomainEvent[] {
  if (state.user.id === null || state.user.deleted) throw notFound(ACCOUNT_GONE);
  return [{ type: 'OtherSessionsRevoked', data: { user_id: command.userId, kept_jti: command.keptJti } }];
}

export const revokeOthersDecider: Decider<{ userId: number; keptJti: string }, SettingsUser> = {
  streamOf: (command) => userStream(command.userId),
  initialState: noSettingsUser,
  evolve: evolveSettingsUser,
  decide: decideRevokeOthers,
};

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

/** Who holds an address: the account whose it is, or null while it is free. */
const emailClaimSpec = (email: string): StreamSpec<number | null> => ({ stream: emailStream(email), initialState: null, evolve: evolveEmailClaim });

export const emailChangeRequestDecider: MultiStreamDecider<RequestChange, { user: SettingsUser; claim: number | null; mail: OwedMailState }> = {
  streamsOf: (command) => ({
    user: settingsUserSpec(command.userId),
    claim: emailClaimSpec(command.newEmail),
    mail: owedMailSpec(command.mail.mailId),
  }),
  decide: decideEmailChangeRequest,
};

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

export const emailChangeConfirmDecider: MultiStreamDecider<ConfirmChange, ConfirmStates> = {
  streamsOf: (command) => ({
    token: { stream: emailTokenStream(command.token), initialState: noEmailToken, evolve: evolveEmailToken },
    user: settingsUserSpec(command.userId),
    newClaim: emailClaimSpec(command.newEmail),
    oldClaim: emailClaimSpec(command.previousEmail),
    notice: owedMailSpec(command.notice.mailId),
  }),
  decide: decideEmailChangeConfirmation,
};
