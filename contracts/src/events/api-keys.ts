import { z } from 'zod';

const userId = z.number().int().positive();

/**
 * A user's API key was issued (stream `user-{id}`). The key itself is never stored: only
 * its SHA-256 (hex), by which a request's X-API-Key is looked up, and an AES-256-GCM copy
 * keyed from the installation secret, so its owner can reveal it again.
 */
const ApiKeyIssuedV1 = z.object({
  user_id: userId,
  /** Names the key in events' actor (`{ kind: 'api_key', id }`) without revealing it. */
  key_id: z.string(),
  key_hash: z.string().regex(/^[0-9a-f]{64}$/),
  key_encrypted: z.string(),
});
export type ApiKeyIssued = z.infer<typeof ApiKeyIssuedV1>;

/** A key stopped working at once (stream `user-{id}`); a regenerated key replaces it in the same append. */
const ApiKeyRevokedV1 = z.object({
  user_id: userId,
  key_id: z.string(),
  key_hash: z.string().regex(/^[0-9a-f]{64}$/),
  /**
   * account_reclaimed (see PasswordChanged), password_reset, email_verified: the owner proved
   * the address, and the key's holder may not be them; password_changed: the owner chose to
   * revoke it with a new password. (The values after account_reclaimed were added later;
   * every earlier event still reads the same.)
   */
  reason: z.enum(['regenerated', 'account_reclaimed', 'password_reset', 'email_verified', 'password_changed']),
});
export type ApiKeyRevoked = z.infer<typeof ApiKeyRevokedV1>;

/**
 * API-key calls counted since the last meter reading (stream `api-usage-{userId}`): one
 * event per user every few seconds while the API is used, not one per call.
 */
const ApiCallsMeteredV1 = z.object({
  user_id: userId,
  calls: z.number().int().positive(),
});
export type ApiCallsMetered = z.infer<typeof ApiCallsMeteredV1>;

export const apiKeyEvents = {
  ApiKeyIssued: { 1: ApiKeyIssuedV1 },
  ApiKeyRevoked: { 1: ApiKeyRevokedV1 },
  ApiCallsMetered: { 1: ApiCallsMeteredV1 },
} as const;
