import { z } from 'zod';
import { TagName } from './link-organization.ts';

/**
 * What the Shlink-compatible API (`/rest/v3/…`, docs/developer-api.md#shlink-compatible-api)
 * takes, in Shlink's own field names. These check each value's type; the link's own rules
 * (destination, code, schedule, tags) are checked by our link schemas once the body is put
 * in our shape, so both APIs refuse the same things.
 */
const text = (name: string) => z.string({ message: `${name} must be text` });
const optionalInstant = (name: string) => text(name).max(64, `${name} must be an ISO date and time`).nullish();
const ShlinkTags = z.array(text('tags[]').max(200, 'a tag is at most 200 characters'), { message: 'tags must be a list of names' }).max(100);
const MaxVisits = z.number({ message: 'maxVisits must be a whole number' }).int('maxVisits must be a whole number').nullish();

/** Fields Shlink's clients send that we take and leave as they are (documented as differences). */
const TakenAndIgnored = {
  crawlable: z.boolean({ message: 'crawlable must be true or false' }).optional(),
  forwardQuery: z.boolean({ message: 'forwardQuery must be true or false' }).optional(),
  validateUrl: z.boolean({ message: 'validateUrl must be true or false' }).optional(),
};

const unknownFields = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? `This API does not know ${issue.keys?.join(', ')}: remove it` : undefined;

export const ShlinkCreateShortUrlBody = z.strictObject(
  {
    longUrl: text('longUrl').max(10_000, 'longUrl is too long'),
    customSlug: text('customSlug').max(200, 'customSlug is too long').optional(),
    shortCodeLength: z.number({ message: 'shortCodeLength must be a number' }).int().optional(),
    title: text('title').max(1_000, 'title is too long').nullish(),
    tags: ShlinkTags.optional(),
    validSince: optionalInstant('validSince'),
    validUntil: optionalInstant('validUntil'),
    maxVisits: MaxVisits,
    domain: text('domain').max(300, 'domain is too long').optional(),
    findIfExists: z.boolean({ message: 'findIfExists must be true or false' }).optional(),
    ...TakenAndIgnored,
  },
  { error: unknownFields },
);
export type ShlinkCreateShortUrlBody = z.infer<typeof ShlinkCreateShortUrlBody>;

export const ShlinkEditShortUrlBody = z.strictObject(
  {
    longUrl: text('longUrl').max(10_000, 'longUrl is too long').optional(),
    title: text('title').max(1_000, 'title is too long').nullish(),
    tags: ShlinkTags.optional(),
    validSince: optionalInstant('validSince'),
    validUntil: optionalInstant('validUntil'),
    maxVisits: MaxVisits,
    ...TakenAndIgnored,
  },
  { error: unknownFields },
);
export type ShlinkEditShortUrlBody = z.infer<typeof ShlinkEditShortUrlBody>;

/** One value, or the same parameter repeated (`tags[]=a&tags[]=b`). */
const OneOrMany = z.union([z.string(), z.array(z.string()).max(100)]).optional();
const PositiveNumber = (name: string) =>
  z
    .string()
    .regex(/^-?[0-9]{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .optional();

export const ShlinkShortUrlsQuery = z.object({
  page: PositiveNumber('page'),
  itemsPerPage: PositiveNumber('itemsPerPage'),
  searchTerm: z.string().max(500).optional(),
  'tags[]': OneOrMany,
  tags: OneOrMany,
  tagsMode: z.enum(['any', 'all'], { message: 'tagsMode must be any or all' }).optional(),
  orderBy: z.string().max(40).optional(),
  startDate: z.string().max(64).optional(),
  endDate: z.string().max(64).optional(),
  domain: z.string().max(300).optional(),
  excludeMaxVisitsReached: z.string().max(5).optional(),
  excludePastValidUntil: z.string().max(5).optional(),
});
export type ShlinkShortUrlsQuery = z.infer<typeof ShlinkShortUrlsQuery>;

export const ShlinkVisitsQuery = z.object({
  page: PositiveNumber('page'),
  itemsPerPage: PositiveNumber('itemsPerPage'),
  startDate: z.string().max(64).optional(),
  endDate: z.string().max(64).optional(),
  excludeBots: z.string().max(5).optional(),
  domain: z.string().max(300).optional(),
});
export type ShlinkVisitsQuery = z.infer<typeof ShlinkVisitsQuery>;

/** `PUT /rest/v3/tags`: a tag renamed. */
export const ShlinkRenameTagBody = z.object({
  oldName: z.string({ message: 'oldName must be text' }).min(1, 'oldName must not be empty').max(200),
  newName: TagName,
});

/** `DELETE /rest/v3/tags?tags[]=…`: the tags deleted, by name. */
export const ShlinkDeleteTagsQuery = z.object({ 'tags[]': OneOrMany, tags: OneOrMany });

export const ShlinkShortCodeParams = z.object({ shortCode: z.string().min(1).max(200) });
export const ShlinkDomainQuery = z.object({ domain: z.string().max(300).optional() });
