import { z } from 'zod';
import { TraiDomainType } from '../events/domains.ts';

export const AddDomainBody = z.strictObject({
  domain: z.string({ message: 'domain is required' }).max(300, 'domain is at most 253 characters'),
});

export const DnsRecordInstruction = z.object({
  type: z.enum(['TXT', 'A', 'AAAA', 'CNAME']),
  name: z.string(),
  value: z.string(),
  ttl: z.number().int(),
  /** An alternative to the A/AAAA records, not an addition. */
  alternative: z.boolean().optional(),
});
export type DnsRecordInstruction = z.infer<typeof DnsRecordInstruction>;

export const DnsInstructions = z.object({
  records: z.array(DnsRecordInstruction),
  ttl: z.number().int(),
  propagation: z.string(),
});
export type DnsInstructions = z.infer<typeof DnsInstructions>;

export const CustomDomainItem = z.object({
  id: z.number().int(),
  domain: z.string(),
  dns_verified: z.boolean(),
  is_active: z.boolean(),
  /** The value the TXT record `_linkledger-verify.{domain}` must carry. */
  dns_token: z.string(),
  created_at: z.string(),
  /**
   * The claim's state (docs/domains.md#one-owner-per-name): `pending` (never verified, until
   * `expires_at`), `expired`, `verified`, `unverified` (verified once, its records gone) or
   * `dropped` (another account verified the name first).
   */
  status: z.enum(['pending', 'expired', 'verified', 'unverified', 'dropped']),
  /** When a pending claim expires; null once it was verified. */
  expires_at: z.string().nullable(),
  /** The records to publish (from this installation's configuration; no DNS lookup). */
  dns_instructions: DnsInstructions,
});
export type CustomDomainItem = z.infer<typeof CustomDomainItem>;

export const CustomDomainList = z.array(CustomDomainItem);

export const VerificationResult = z.object({
  fully_verified: z.boolean(),
  failed_checks: z.array(z.string()),
  /** One sentence per failed check, saying what to fix. */
  messages: z.array(z.string()),
  dns_instructions: DnsInstructions,
});
export type VerificationResult = z.infer<typeof VerificationResult>;

export const VerifyDomainResponse = z.object({
  message: z.string(),
  domain: CustomDomainItem,
  verification_result: VerificationResult,
});
export type VerifyDomainResponse = z.infer<typeof VerifyDomainResponse>;

export const DomainActionResponse = z.object({ message: z.string() });
export type DomainActionResponse = z.infer<typeof DomainActionResponse>;

export const TraiItem = z.object({
  id: z.number().int(),
  header: z.string(),
  domain_type: TraiDomainType,
  custom_domain_id: z.number().int().nullable(),
  /** The custom domain's host, or null on this service's own host. */
  domain: z.string().nullable(),
  /** Ready for links: approved by an administrator (our host) or verified (a custom domain). */
  dns_verified: z.boolean(),
  is_active: z.boolean(),
  dns_token: z.string(),
  created_at: z.string(),
  /** On this service's host: `pending` until an administrator decides, then `approved` or `rejected`; null on a custom domain. */
  approval: z.enum(['pending', 'approved', 'rejected']).nullable(),
  /** The DLT registration id given as evidence, or null. */
  dlt_registration_id: z.string().nullable(),
  /** Why an administrator rejected it, or null. */
  rejection_reason: z.string().nullable(),
});
export type TraiItem = z.infer<typeof TraiItem>;

export const TraiList = z.array(TraiItem);

/** The evidence for a header on this service's host: the sender's DLT registration (entity or header) id. */
const DltRegistrationId = z
  .string({ message: 'dlt_registration_id must be text' })
  .trim()
  .regex(/^[A-Za-z0-9-]{6,40}$/, 'dlt_registration_id is 6 to 40 letters, digits or hyphens, as your DLT registration shows it');

export const AddTraiBody = z.strictObject({
  header: z.string({ message: 'header is required' }).max(20, 'header is exactly 6 letters or digits'),
  domain_type: z.enum(TraiDomainType.options, { message: 'domain_type must be our_domain or custom_domain' }),
  custom_domain_id: z.number({ message: 'custom_domain_id must be a number' }).int().positive().nullish(),
  dlt_registration_id: DltRegistrationId.nullish(),
});

/** An administrator's decision on a header on this service's host (docs/admin.md#trai-approvals). */
export const TraiDecisionBody = z.strictObject({
  reason: z.string({ message: 'reason must be text' }).trim().max(500, 'reason is at most 500 characters').optional(),
});

export const TraiApprovalItem = z.object({
  id: z.number().int(),
  header: z.string(),
  owner_id: z.number().int(),
  /** The owner's address; for a team workspace's header, its first owner's (null once that account is gone). */
  owner_email: z.string().nullable(),
  /** The team workspace that owns the header, by name; null for a personal one. */
  team: z.string().nullable(),
  dlt_registration_id: z.string().nullable(),
  created_at: z.string(),
});
export const TraiApprovalList = z.array(TraiApprovalItem);

/** The reverse proxy's question: it is the client, and what else its version sends is passed over (docs/architecture.md#fields-a-request-does-not-take). */
export const TlsAllowedQuery = z.object({ domain: z.string({ message: 'domain is required' }).max(300) });
