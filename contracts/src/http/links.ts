import { z } from 'zod';
import { CreatedVia } from '../events/links.ts';

export const URL_MAX_LENGTH = 2048;

/** Only web destinations: anything else (javascript:, data:, ftp:, …) is refused. */
export const Destination = z
  .string({ message: 'original_url is required' })
  .trim()
  .min(1, 'original_url is required')
  .max(URL_MAX_LENGTH, `original_url must be at most ${URL_MAX_LENGTH} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'original_url must be a full web address starting with http:// or https://');

export const CreateLinkBody = z.object({
  original_url: Destination,
  title: z.string().trim().max(255, 'title must be at most 255 characters').optional().default(''),
  description: z.string().trim().max(2000, 'description must be at most 2000 characters').optional().default(''),
  custom_domain: z.string().nullish(),
  trai_header: z.string().nullish(),
});
export type CreateLinkBody = z.infer<typeof CreateLinkBody>;

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
});
export type LinkResponse = z.infer<typeof LinkResponse>;

export const LinkListQuery = z.object({
  skip: z.coerce.number().int().min(0, 'skip must be 0 or more').default(0),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(10),
});

export const CountedBy = z.object({ date: z.string(), clicks: z.number() });

export const AnalyticsResponse = z.object({
  total_clicks: z.number(),
  clicks_today: z.number(),
  clicks_this_week: z.number(),
  clicks_this_month: z.number(),
  clicks_by_date: z.array(CountedBy),
  top_referrers: z.array(z.object({ referrer: z.string(), count: z.number() })),
  top_countries: z.array(z.object({ country: z.string(), count: z.number() })),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;
