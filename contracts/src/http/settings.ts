import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './accounts.ts';

export const USERNAME_RULE = 'Username must be 3 to 50 characters: letters, digits, dots, underscores or hyphens.';
const PHONE_RULE = 'Enter the phone number in international form, e.g. +91 98765 43210 (digits, optional +, spaces or dashes).';

/** A phone number as stored: the digits with an optional leading +, or null when it is not one (docs/accounts.md#profile). */
export function normalizePhone(value: string): string | null {
  const compact = value.trim().replace(/[\s\-().]/g, '');
  return /^\+?\d{6,15}$/.test(compact) ? compact : null;
}

export const ProfileResponse = z.object({
  username: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  phone: z.string().nullable(),
  is_verified: z.boolean(),
  /** The address a change link was sent to and not yet followed, or null. */
  pending_email: z.string().nullable(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/**
 * The username an account starts with: its address's local part, made to pass the username
 * rule (other characters become '-', at least 3 and at most 50), so a profile saves as shown.
 */
export function defaultUsername(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 50);
  return local.length >= 3 ? local : local.padEnd(3, '_');
}

/**
 * A profile save (docs/accounts.md#profile): each field is optional and one left out stays
 * as it is; an empty full name or phone clears it. Unknown fields are refused.
 */
export const UpdateProfileBody = z.strictObject({
  username: z
    .string({ message: USERNAME_RULE })
    .trim()
    .min(3, USERNAME_RULE)
    .max(50, USERNAME_RULE)
    .regex(/^[A-Za-z0-9._-]+$/, USERNAME_RULE)
    .optional(),
  full_name: z.string({ message: 'Full name must be text' }).trim().max(100, 'Full name must be at most 100 characters').optional(),
  /** Empty clears it; absent leaves it. */
  phone: z
    .string({ message: PHONE_RULE })
    .max(32, PHONE_RULE)
    .refine((value) => value.trim() === '' || normalizePhone(value) !== null, PHONE_RULE)
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const ChangeEmailBody = z.strictObject({
  new_email: z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .refine((value) => /^[^\s@]+@[^\s@]+$/.test(value), 'Please enter a valid email address'),
  current_password: z.string({ message: 'Current password is required' }).min(1, 'Current password is required').max(1024),
});

export const ChangeEmailResponse = z.object({ message: z.string(), pending_email: z.string() });

/** The token from the link mailed to the new address; empty gets the "missing" message. */
export const ConfirmEmailChangeBody = z.strictObject({ token: z.string().max(512).optional() });

export const ChangePasswordBody = z.strictObject({
  current_password: z.string({ message: 'Current password is required' }).min(1, 'Current password is required').max(1024),
  new_password: z
    .string({ message: 'New password is required' })
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long')
    .max(1024, 'Password must be at most 1024 characters'),
  /** Also revoke the account's API key (default: yes), so a key made by whoever knew the old password stops. */
  revoke_api_keys: z.boolean({ message: 'revoke_api_keys must be true or false' }).optional(),
});

/** What the change ended besides the other sessions. */
export const ChangePasswordResponse = z.object({ message: z.string(), api_key_revoked: z.boolean() });

export const ActiveSession = z.object({
  /** The session's token id: what signing it out names. */
  jti: z.string(),
  browser: z.string(),
  os: z.string(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'other']),
  started_at: z.string(),
  /** The last recorded use (recorded at most once an hour). */
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSession>;

export const SessionsResponse = z.object({ sessions: z.array(ActiveSession) });

export const SessionParams = z.object({ jti: z.string().min(1).max(100) });

export const RevokeOthersResponse = z.object({ message: z.string(), signed_out: z.number().int() });
