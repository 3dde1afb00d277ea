import { AnalyticsRetentionView } from './analytics-retention.ts';
import { z } from 'zod';
import { Destination } from './destination-field.ts';
import { LinkControlsInput, LinkControlsChanges, LinkControlsView } from './link-controls.ts';
import { CreatedVia, SHARE_CHANNELS } from '../events/links.ts';
import { LinkOrganizationChanges, LinkOrganizationInput, LinkOrganizationView } from './link-organization.ts';
import { LabelFilterFields } from './link-labels.ts';

export { Destination } from './destination-field.ts';

const Title = z.string({ message: 'title must be text' }).trim().max(255, 'title must be at most 255 characters');
const Description = z.string({ message: 'description must be text' }).trim().max(2000, 'description must be at most 2000 characters');

export const CreateLinkBody = z.strictObject({
  original_url: Destination,
  title: Title.optional().default(''),
  description: Description.optional().default(''),
  custom_domain: z
    .string({ message: 'custom_domain must be text' })
    .max(300, 'custom_domain is at most 253 characters')
    .nullish()
    .describe('One of your verified custom domains: the link is served on it'),
  trai_header: z
    .string({ message: 'trai_header must be text' })
    .max(20, 'trai_header is 6 letters or digits')
    .nullish()
    .describe('One of your verified TRAI headers: the link is served at /{HEADER}/{code} on its host'),
  short_code: z
    .string({ message: 'short_code must be text' })
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .describe(
      'Optional custom short code instead of a generated one: 3 to 32 letters, digits, hyphens or underscores, not a word the app reserves (its page names, api, admin, assets, …). Answered with 409 when it is already taken.',
    ),
  ...LinkControlsInput,
  ...LinkOrganizationInput,
});
export type CreateLinkBody = z.infer<typeof CreateLinkBody>;

/** PATCH: every field optional; only the fields that differ from the link are changed. */
export const UpdateLinkBody = z.strictObject(
  {
    title: Title.optional(),
    description: Description.optional(),
    original_url: Destination.optional(),
    is_active: z.boolean({ message: 'is_active must be true or false' }).optional(),
    ...LinkControlsChanges,
    ...LinkOrganizationChanges,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Only title, description, original_url, is_active, the smart-link controls (${Object.keys(LinkControlsChanges).join(', ')}) and ${Object.keys(LinkOrganizationChanges).join(', ')} can be changed; remove ${issue.keys.join(', ')}`
        : undefined,
  },
);
export type UpdateLinkBody = z.infer<typeof UpdateLinkBody>;

export const LinkResponse = z.object({
  id: z.number(),
  original_url: z.string(),
  title: z.string(),
  description: z.string(),
  short_code: z.string(),
  short_url: z.string(),
  total_clicks: z.number(),
  created_at: z.string(),
  created_via: CreatedVia,
  trai_header: z.string().nullable(),
  custom_domain: z.string().nullable(),
  is_active: z.boolean(),
  /** Disabled by an admin: the short URL shows the "link disabled" page until an admin enables it. */
  disabled_by_admin: z.boolean(),
  /** Why an admin disabled it; null when it is not disabled. */
  moderation_reason: z.string().nullable(),
  ...LinkControlsView,
  ...LinkOrganizationView,
});
export type LinkResponse = z.infer<typeof LinkResponse>;

/**
 * A link that was created but is not yet in the lists and the redirect (202): what its
 * creation recorded, its controls included. The same request with the same Idempotency-Key answers the link.
 */
export const CreatedLinkStillProcessing = LinkResponse.pick({
  id: true,
  original_url: true,
  title: true,
  description: true,
  short_code: true,
  short_url: true,
  created_via: true,
  trai_header: true,
  custom_domain: true,
})
  .extend(LinkControlsView)
  .extend(LinkOrganizationView)
  .extend({ detail: z.string(), still_processing: z.literal(true) });
export type CreatedLinkStillProcessing = z.infer<typeof CreatedLinkStillProcessing>;

/** An edit that was recorded but is not yet in the lists and the redirect (202): the link with the edit applied. */
export const EditedLinkStillProcessing = LinkResponse.extend({ detail: z.string(), still_processing: z.literal(true) });

/** A calendar day in a query string, named in its own error message. */
export const isoDay = (name: string) => {
  const message = `${name} must be a calendar date written YYYY-MM-DD, e.g. 2026-11-22`;
  return (
    z
      .string({ message })
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine((value) => {
        const date = new Date(`${value}T00:00:00.000Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
      }, message)
      // The days the analytics store can hold (ClickHouse's Date32 and DateTime64 reach 2299).
      .refine((value) => value >= FIRST_DAY && value <= LAST_DAY, `${name} must be a day from ${FIRST_DAY} to ${LAST_DAY}`)
  );
};
const FIRST_DAY = '1970-01-01';
const LAST_DAY = '2299-12-31';

export const DAY_ORDER = { message: 'date_from must be on or before date_to', path: ['date_from'] };
export const inOrder = (range: { date_from?: string | undefined; date_to?: string | undefined }) =>
  !range.date_from || !range.date_to || range.date_from <= range.date_to;

export const SortBy = z.enum(['newest', 'oldest', 'clicks', 'title'], { message: 'sort_by must be one of: newest, oldest, clicks, title' });
export type SortBy = z.infer<typeof SortBy>;
export const DomainFilter = z.enum(['all', 'default', 'custom'], { message: 'domain must be one of: all, default, custom' });
export type DomainFilter = z.infer<typeof DomainFilter>;
export const StatusFilter = z.enum(['all', 'active', 'inactive'], { message: 'status must be one of: all, active, inactive' });
export type StatusFilter = z.infer<typeof StatusFilter>;
const Search = z.string().trim().max(200, 'search must be at most 200 characters').optional();

export const LinkListQuery = z
  .strictObject({
    skip: z.coerce
      .number({ message: 'skip must be a whole number, 0 or more' })
      .int('skip must be a whole number, 0 or more')
      .min(0, 'skip must be 0 or more')
      .default(0),
    limit: z.coerce
      .number({ message: 'limit must be a whole number from 1 to 100' })
      .int('limit must be a whole number from 1 to 100')
      .min(1, 'limit must be at least 1')
      .max(100, 'limit must be at most 100')
      .default(10),
    search: Search.describe('Case-insensitive part of the title, destination or short code'),
    created_via: z
      .enum(CreatedVia.options, { message: 'created_via must be one of: manual, api' })
      .optional()
      .describe('The tab: manual or api; all links when absent'),
    sort_by: SortBy.default('newest'),
    date_from: isoDay('date_from').optional().describe('Created on or after this day (UTC), YYYY-MM-DD'),
    date_to: isoDay('date_to').optional().describe('Created on or before this day (UTC), YYYY-MM-DD'),
    domain: DomainFilter.default('all').describe('custom: links on a custom domain or with a TRAI header; default: the others'),
    status: StatusFilter.default('all').describe('active: links that redirect; inactive: links switched off (is_active false)'),
    include_counts: z
      .enum(['true', 'false'], { message: 'include_counts must be true or false' })
      .default('false')
      .describe('true answers {urls, total, manual, api} instead of a plain array'),
    ...LabelFilterFields,
  })
  .refine(inOrder, DAY_ORDER);
export type LinkListQuery = z.infer<typeof LinkListQuery>;

/** The list with counts: total of the filtered list, and the caller's links per tab under the same filters. */
export const LinkListWithCounts = z.object({
  urls: z.array(LinkResponse),
  total: z.number(),
  manual: z.number(),
  api: z.number(),
});
export type LinkListWithCounts = z.infer<typeof LinkListWithCounts>;

export const ExportQuery = z.strictObject({
  tab: z.enum(['all', 'manual', 'api'], { message: 'tab must be one of: all, manual, api' }).default('all'),
  search: Search,
  domain: DomainFilter.default('all'),
  ...LabelFilterFields,
});

export const BulkDeleteBody = z.strictObject({
  ids: z
    .array(
      z
        .number({ message: 'each id must be a URL id (a whole number)' })
        .int('each id must be a URL id (a whole number)')
        .positive('each id must be a URL id (a whole number)'),
      {
        message: 'ids is required: a list of 1 to 100 URL ids',
      },
    )
    .min(1, 'ids must list at least 1 URL id')
    .max(100, 'ids must list at most 100 URL ids'),
});
export const BulkDeleteResponse = z.object({ message: z.string(), deleted: z.array(z.number()) });

const QR_MIN_SIZE = 128;
const QR_MAX_SIZE = 1024;
export const QrQuery = z.strictObject({
  size: z.coerce
    .number({ message: `size must be a whole number of pixels from ${QR_MIN_SIZE} to ${QR_MAX_SIZE}` })
    .int(`size must be a whole number of pixels from ${QR_MIN_SIZE} to ${QR_MAX_SIZE}`)
    .min(QR_MIN_SIZE, `size must be at least ${QR_MIN_SIZE} pixels`)
    .max(QR_MAX_SIZE, `size must be at most ${QR_MAX_SIZE} pixels`)
    .default(256),
});

export const UserStatsResponse = z.object({
  total_urls: z.number(),
  total_clicks: z.number(),
  urls_this_month: z.number(),
  monthly_growth: z
    .number()
    .describe(
      'Percent change of links created this calendar month (UTC) over last month, one decimal; 100 when last month had none and this month has some, 0 when both have none',
    ),
  active_urls: z.number().describe('Links that redirect now: switched on and not disabled by an admin'),
  custom_domains_count: z.number().describe('Custom domains the caller has added, verified or not'),
});
export type UserStatsResponse = z.infer<typeof UserStatsResponse>;

export const DomainInfoResponse = z.object({
  has_trai_domains: z.boolean(),
  has_custom_domains: z.boolean(),
  active_custom_domain: z.string().nullable(),
  active_trai_header: z.string().nullable(),
});
export type DomainInfoResponse = z.infer<typeof DomainInfoResponse>;

export const AnalyticsQuery = z
  .strictObject({
    date_from: isoDay('date_from').optional().describe('First day (UTC) counted, YYYY-MM-DD'),
    date_to: isoDay('date_to').optional().describe('Last day (UTC) counted, YYYY-MM-DD'),
  })
  .refine(inOrder, DAY_ORDER);

const CountedBy = z.object({ date: z.string(), clicks: z.number() });
const NamedCount = z.object({ name: z.string(), count: z.number() });
/** Human clicks one rule or variant index sent to one destination (docs/links.md#analytics-by-rule-and-variant). */
const SplitCount = {
  url: z.string().describe('The destination these clicks were sent to, as recorded with each click'),
  clicks: z.number(),
  unique_visitors: z.number(),
};

export const AnalyticsResponse = z.object({
  total_clicks: z.number(),
  clicks_today: z.number(),
  clicks_this_week: z.number(),
  clicks_this_month: z.number(),
  clicks_by_date: z.array(CountedBy),
  top_referrers: z.array(z.object({ referrer: z.string(), count: z.number() })),
  top_countries: z.array(z.object({ country: z.string(), count: z.number() })),
  devices: z.array(NamedCount).describe('Desktop, Mobile, Tablet or Other'),
  browsers: z.array(NamedCount),
  operating_systems: z.array(NamedCount),
  unique_visitors: z.number().describe('Distinct visitors; a visitor is recognised within one UTC day (the visitor hash rotates daily)'),
  qr_scans: z
    .number()
    .describe(
      'Clicks in the range that came from the link’s QR code (the short URL with ?src=qr); those without a referrer are listed as "QR code" in top_referrers, not "Direct"',
    ),
  shares: z
    .array(z.object({ channel: z.enum(SHARE_CHANNELS), count: z.number() }))
    .describe(
      'Clicks in the range that came through a share button, per channel (the short URL with ?src=whatsapp, ?src=email, …), most first; empty when none did',
    ),
  imported_clicks: z
    .number()
    .describe(
      'Of the clicks in the range, those an import brought from another shortener (its visits listed one by one, at their own times): included in the figures above, never in the link’s live click count',
    ),
  by_rule: z
    .array(
      z.object({
        rule: z.number().describe('1 = the first targeting rule when the click was served; 0 = no rule took it (the link’s own destination or its A/B split)'),
        ...SplitCount,
      }),
    )
    .describe('Clicks in the range per targeting rule and destination, rules in order and 0 last; empty when no click in the range was sent by a rule'),
  by_variant: z
    .array(z.object({ variant: z.number().describe('1-based A/B variant; 0 = not split (a rule took it, or the link had no split then)'), ...SplitCount }))
    .describe('Clicks in the range per A/B variant and destination, variants in order and 0 last; empty when no click in the range was sent by a variant'),
  retention: AnalyticsRetentionView,
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;
