import { z } from 'zod';

/** Uniqueness claims: appended to a stream named by the value, with "stream must not exist". */
const ShortCodeClaimedV1 = z.object({ short_code: z.string(), link_id: z.number().int().positive() });
/**
 * A short code taken by a public page instead of a link (docs/pages.md): a link-in-bio page or a
 * survey. It shares the links' `shortcode-{code}` stream, so a code is a link's or a page's, never both.
 */
const ShortCodeClaimedForPageV1 = z.object({
  short_code: z.string(),
  kind: z.enum(['bio', 'survey']),
  page_id: z.number().int().positive(),
  workspace_id: z.number().int().positive(),
});
const EmailClaimedV1 = z.object({ user_id: z.number().int().positive() });
/** The account moved to another address (EmailChanged) or was deleted: this one is free to register or claim again. */
const EmailReleasedV1 = z.object({ user_id: z.number().int().positive() });

/**
 * A username chosen in the profile, claimed on a stream named by the hash of its lower-case
 * form (docs/accounts.md#profile): no two accounts hold one, whatever its case. Released when
 * its holder picks another.
 */
const UsernameClaimedV1 = z.object({ user_id: z.number().int().positive() });
const UsernameReleasedV1 = z.object({ user_id: z.number().int().positive() });

/** Sequential numeric ids: the revision of the sequence stream is the id. */
const IdAllocatedV1 = z.object({
  kind: z.enum(['user', 'link', 'domain', 'trai', 'ticket', 'import', 'webhook', 'bio_page', 'survey', 'report_schedule']),
});

/**
 * A caller's Idempotency-Key, claimed in the same append as the command it guards
 * (docs/developer-api.md#retrying-safely): the request's fingerprint, what it created, the
 * answer when it was known at the write (never personal data), and until when a retry with
 * the key answers that instead of creating again.
 */
const IdempotencyKeyClaimedV1 = z.object({
  fingerprint: z.string(),
  resource: z.enum(['link', 'ticket', 'ticket_reply', 'payment_order', 'domain', 'trai']),
  resource_id: z.union([z.number().int().positive(), z.string().min(1)]),
  answer: z.record(z.string(), z.unknown()).nullable(),
  expires_at: z.string(),
});

const SuperAdminAssignedV1 = z.object({ user_id: z.number().int().positive() });

export const claimEvents = {
  ShortCodeClaimed: { 1: ShortCodeClaimedV1 },
  ShortCodeClaimedForPage: { 1: ShortCodeClaimedForPageV1 },
  EmailClaimed: { 1: EmailClaimedV1 },
  EmailReleased: { 1: EmailReleasedV1 },
  UsernameClaimed: { 1: UsernameClaimedV1 },
  UsernameReleased: { 1: UsernameReleasedV1 },
  IdAllocated: { 1: IdAllocatedV1 },
  SuperAdminAssigned: { 1: SuperAdminAssignedV1 },
  IdempotencyKeyClaimed: { 1: IdempotencyKeyClaimedV1 },
} as const;
