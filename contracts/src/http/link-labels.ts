import { z } from 'zod';
import { FolderName, TagName, TAG_NAME_MAX } from './link-organization.ts';
import { AnalyticsRetentionView } from './analytics-retention.ts';
import { DEFAULT_TAG_COLOR, TAG_PALETTE } from '../tag-palette.ts';

/**
 * A workspace's tags and folders as the API manages them (docs/links.md#tags-and-folders).
 * A tag's colour is one of a small palette or any #rrggbb.
 */

const TagColor = z
  .string({ message: 'color must be text' })
  .trim()
  .toLowerCase()
  .refine(
    (value) => (TAG_PALETTE as readonly string[]).includes(value) || /^#[0-9a-f]{6}$/.test(value),
    `color must be one of ${TAG_PALETTE.join(', ')} or a colour written #rrggbb`,
  );

export const CreateTagBody = z.strictObject({ name: TagName, color: TagColor.default(DEFAULT_TAG_COLOR) });
export const UpdateTagBody = z
  .strictObject({ name: TagName.optional(), color: TagColor.optional() })
  .refine((body) => body.name !== undefined || body.color !== undefined, { message: 'Send a new name, a new color or both' });
export const MergeTagBody = z.strictObject({
  into: z
    .number({ message: 'into must be the id of the tag to merge into' })
    .int('into must be the id of the tag to merge into')
    .positive('into must be the id of the tag to merge into'),
});
export const CreateFolderBody = z.strictObject({ name: FolderName });
export const RenameFolderBody = z.strictObject({ name: FolderName });

export const TagView = z.object({ id: z.number(), name: z.string(), color: z.string(), link_count: z.number() });
export type TagView = z.infer<typeof TagView>;
export const FolderView = z.object({ id: z.number(), name: z.string(), link_count: z.number() });
export type FolderView = z.infer<typeof FolderView>;

/** One name, or several as `tag=a&tag=b`. */
const TagNames = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z
    .array(z.string().trim().min(1, 'tag must not be empty').max(TAG_NAME_MAX, `tag must be at most ${TAG_NAME_MAX} characters`), {
      message: 'tag must be a tag name',
    })
    .max(20, 'tag may name at most 20 tags'),
);

/** The filters by tag and folder a list of links takes (the list, the export, the dashboard). */
export const LabelFilterFields = {
  tag: TagNames.optional().describe('Links carrying these tags (by name; repeat the parameter for several)'),
  tag_mode: z.enum(['any', 'all'], { message: 'tag_mode must be one of: any, all' }).default('any').describe('any: at least one of the tags; all: every one'),
  folder: z
    .string()
    .trim()
    .min(1, 'folder must not be empty')
    .max(100, 'folder must be at most 100 characters')
    .optional()
    .describe('Links filed in this folder (by name)'),
};

const DailyClicks = z.object({ date: z.string(), clicks: z.number() });
export const TagAnalyticsResponse = z.object({
  tag: z.string(),
  link_count: z.number(),
  total_clicks: z.number(),
  clicks_by_date: z.array(DailyClicks),
  retention: AnalyticsRetentionView,
});
export type TagAnalyticsResponse = z.infer<typeof TagAnalyticsResponse>;
