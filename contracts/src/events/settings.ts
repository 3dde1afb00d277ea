import { z } from 'zod';

const userId = z.number().int().positive();

/**
 * The owner changed their profile in the settings (docs/accounts.md#profile). All three
 * fields are personal data (personal-data.ts). `phone` is normalised ('' when none).
 */
const ProfileUpdatedV1 = z.object({ user_id: userId, username: z.string(), full_name: z.string(), phone: z.string() });

/**
 * The owner asked to move the account to another address (docs/accounts.md#changing-the-e-mail-address):
 * a link went to `new_email`; nothing changes until it is followed. A later request replaces this one.
 */
const EmailChangeRequestedV1 = z.object({ user_id: userId, new_email: z.string(), expires_at: z.string() });

/** The link to the new address was followed: the account signs in with `email` from now on. */
const EmailChangedV1 = z.object({ user_id: userId, email: z.string(), previous_email: z.string() });

/**
 * A sign-in issued a token (stream `session-{jti}`, docs/accounts.md#active-sessions):
 * login, social sign-in, or a token first seen on the authentication path.
 */
const SessionStartedV1 = z.object({ user_id: userId, jti: z.string(), expires_at: z.string(), user_agent: z.string() });

/** The session's token was used again; recorded at most once an hour per session. */
const SessionUsedV1 = z.object({ user_id: userId, jti: z.string() });

/**
 * The owner signed out every session but the one they asked from (`kept_jti`): tokens
 * issued before this event are refused, except that one.
 */
const OtherSessionsRevokedV1 = z.object({ user_id: userId, kept_jti: z.string() });

/**
 * Someone proved they own the account's address (docs/accounts.md#taking-an-account-back):
 * the pending change to another address, which whoever held the account before may have
 * asked for, is dropped, and its link stops working.
 */
const EmailChangeCancelledV1 = z.object({ user_id: userId, reason: z.enum(['password_reset', 'email_verified', 'account_reclaimed']) });

/**
 * Every session of the account ended (tokens issued before this event are refused), without
 * a password change: the address was proven by its verification link, so whoever signed in
 * before may not be its owner.
 */
const AllSessionsRevokedV1 = z.object({ user_id: userId, reason: z.enum(['email_verified']) });

export const settingsEvents = {
  ProfileUpdated: { 1: ProfileUpdatedV1 },
  EmailChangeRequested: { 1: EmailChangeRequestedV1 },
  EmailChanged: { 1: EmailChangedV1 },
  SessionStarted: { 1: SessionStartedV1 },
  SessionUsed: { 1: SessionUsedV1 },
  OtherSessionsRevoked: { 1: OtherSessionsRevokedV1 },
  EmailChangeCancelled: { 1: EmailChangeCancelledV1 },
  AllSessionsRevoked: { 1: AllSessionsRevokedV1 },
} as const;
