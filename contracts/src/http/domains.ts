import { z } from 'zod';
import { TraiDomainType } from '../events/domains.ts';

export const AddDomainBody = z.object({
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

export const DnsInstructions = z.object({
  records: z.array(DnsRecordInstruction),
  ttl: z.number().int(),
  propagation: z.string(),
});

export const CustomDomainItem = z.object({
  id: z.number().int(),
  domain: z.string(),
  dns_verified: z.boolean(),
  is_active: z.boolean(),
  /** The value the TXT record `_linkledger-verify.{domain}` must carry. */
  dns_token: z.string(),
  created_at: z.string(),
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

export const VerifyDomainResponse = z.object({
  message: z.string(),
  domain: CustomDomainItem,
  verification_result: VerificationResult,
});

export const DomainActionResponse = z.object({ message: z.string() });

export const TraiItem = z.object({
  id: z.number().int(),
  header: z.string(),
  domain_type: TraiDomainType,
  custom_domain_id: z.number().int().nullable(),
  /** The custom domain's host, or null on this service's own host. */
  domain: z.string().nullable(),
  dns_verified: z.boolean(),
  is_active: z.boolean(),
  dns_token: z.string(),
  created_at: z.string(),
});
export type TraiItem = z.infer<typeof TraiItem>;

export const TraiList = z.array(TraiItem);

export const AddTraiBody = z.object({
  header: z.string({ message: 'header is required' }).max(20, 'header is exactly 6 letters or digits'),
  domain_type: z.enum(TraiDomainType.options, { message: 'domain_type must be our_domain or custom_domain' }),
  custom_domain_id: z.number({ message: 'custom_domain_id must be a number' }).int().positive().nullish(),
});

export const TlsAllowedQuery = z.object({ domain: z.string({ message: 'domain is required' }).max(300) });
