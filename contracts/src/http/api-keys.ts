import { z } from 'zod';
import { CreateLinkBody } from './links.ts';
import { LinkControlsInput } from './link-controls.ts';

/** The domains a key's links are served on (docs/developer-api.md#domains-of-a-key); null when none is active. */
const ApiKeyDomains = z.object({
  active_custom_domain: z.string().nullable(),
  active_trai_header: z.string().nullable(),
  /** What a link made with the key starts with now, when the call names no place: "https://go.acme.in/", "https://lnk.example.com/ACMEIN/". */
  api_links_at: z.string(),
});

export const ApiKeyResponse = z.object({
  api_key: z.string().describe('Send it as the X-API-Key header. Keep it secret: it acts as you.'),
  domains: ApiKeyDomains,
});
export type ApiKeyResponse = z.infer<typeof ApiKeyResponse>;

/**
 * The documented public API's link (docs/developer-api.md#creating-links-with-an-api-key), with the same optional short code
 * and place as the dashboard's; a call that sends neither place field gets the account's active domain and header.
 * It takes the same smart controls as the dashboard (docs/links.md#setting-controls).
 */
export const PublicCreateLinkBody = CreateLinkBody.pick({
  original_url: true,
  title: true,
  description: true,
  short_code: true,
  custom_domain: true,
  trai_header: true,
}).extend(LinkControlsInput);

/** cutt.ly's status codes, numbered as its API documents them, so its clients work unchanged. */
export const CUTTLY_STATUS = {
  alreadyShortened: 1,
  notALink: 2,
  nameTaken: 3,
  invalidKey: 4,
  invalidName: 5,
  blockedDomain: 6,
  ok: 7,
  monthlyLimit: 8,
} as const;
type CuttlyFailureStatus = Exclude<(typeof CUTTLY_STATUS)[keyof typeof CUTTLY_STATUS], 7>;

/** Plain strings: a wrong value is answered in cutt.ly's shape (HTTP 200 and a status), not with a 400. */
export const ShortenQuery = z.object({
  key: z.string().optional().describe('Your API key (the same one as X-API-Key)'),
  short: z.string().optional().describe('The address to shorten, URL-encoded: http:// or https://'),
  name: z.string().optional().describe('Optional short code of your choice: 3 to 32 letters, digits, hyphens or underscores'),
  userDomain: z.string().optional().describe('1 or absent: on your active custom domain and TRAI header, when you have them; 0: on this service’s own address'),
});

const ShortenedLink = z.object({
  status: z.literal(CUTTLY_STATUS.ok),
  fullLink: z.string(),
  shortLink: z.string(),
  title: z.string(),
  date: z.string().describe('The day it was created (UTC), YYYY-MM-DD'),
});

const ShortenFailure = z.object({
  status: z
    .literal([1, 2, 3, 4, 5, 6, 8] satisfies CuttlyFailureStatus[])
    .describe(
      '1 already a short link of this service; 2 not a web address (http/https); 3 name taken; 4 invalid API key; 5 name not allowed (length, characters or reserved word); 6 blocked domain (this service’s own host: a redirect loop); 8 monthly link limit of your plan reached',
    ),
});

export const ShortenResponse = z.object({ url: z.union([ShortenedLink, ShortenFailure]) });
export type ShortenResponse = z.infer<typeof ShortenResponse>;
