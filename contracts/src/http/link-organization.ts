import { z } from 'zod';
import { QR_EC_LEVELS } from '../events/link-organization.ts';

/**
 * How a link is organized and branded, as the API takes and answers it
 * (docs/links.md#organizing-links): tags and a folder by name, the UTM parameters its
 * destination gets at redirect, and its QR code's design. Shapes only; what needs the
 * workspace (a tag that must exist or is created, a logo that must be its own, the plan's
 * features, a colour pair too faint to scan) is checked where the link is written.
 */
export const TAG_NAME_MAX = 50;
export const TAGS_PER_LINK_MAX = 20;

export const TagName = z
  .string({ message: 'each tag must be text' })
  .trim()
  .min(1, 'a tag name must not be empty')
  .max(TAG_NAME_MAX, `a tag name must be at most ${TAG_NAME_MAX} characters`);

export const FolderName = z
  .string({ message: 'folder must be text' })
  .trim()
  .min(1, 'folder must not be empty; null files the link in no folder')
  .max(100, 'folder must be at most 100 characters');

/** One UTM parameter: trimmed text up to 200 characters; "" or null removes it. */
const utm = (name: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ message: `${name} must be text` })
      .trim()
      .max(200, `${name} must be at most 200 characters`)
      .nullish(),
  );

const color = (name: string, fallback: string) =>
  z
    .string({ message: `${name} must be a colour written #rrggbb` })
    .regex(/^#[0-9a-fA-F]{6}$/, `${name} must be a colour written #rrggbb, e.g. #1a2b3c`)
    .transform((value) => value.toLowerCase())
    .default(fallback);

export const QrDesignInput = z.strictObject(
  {
    fg_color: color('QR foreground colour', '#000000'),
    bg_color: color('QR background colour', '#ffffff'),
    ec_level: z.enum(QR_EC_LEVELS, { message: `QR error correction must be one of: ${QR_EC_LEVELS.join(', ')}` }).default('M'),
    margin: z
      .number({ message: 'QR margin must be a whole number of modules from 0 to 16' })
      .int('QR margin must be a whole number of modules from 0 to 16')
      .min(0, 'QR margin must be 0 or more')
      .max(16, 'QR margin must be at most 16')
      .default(4),
    logo_id: z
      .number({ message: 'QR logo must be the id of a logo you uploaded' })
      .int('QR logo must be the id of a logo you uploaded')
      .positive('QR logo must be the id of a logo you uploaded')
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `The QR design takes fg_color, bg_color, ec_level, margin and logo_id; remove ${issue.keys.join(', ')}` : undefined,
  },
);
export type QrDesignInput = z.infer<typeof QrDesignInput>;

/** The fields a new link may take; absent ones are not set. */
export const LinkOrganizationInput = {
  tags: z
    .array(TagName, { message: 'tags must be a list of tag names' })
    .max(TAGS_PER_LINK_MAX, `tags must hold at most ${TAGS_PER_LINK_MAX} names`)
    .optional()
    .describe('Tag names; a name the workspace does not have yet is created'),
  folder: FolderName.nullish().describe('A folder name; a name the workspace does not have yet is created'),
  utm_source: utm('utm_source'),
  utm_medium: utm('utm_medium'),
  utm_campaign: utm('utm_campaign'),
  utm_term: utm('utm_term'),
  utm_content: utm('utm_content'),
  qr: QrDesignInput.nullish().describe('The QR code’s design (plan feature qr_customization); null returns to black on white'),
};

/** The same fields in an edit: absent leaves one as it is; null (or []) removes it. */
export const LinkOrganizationChanges = LinkOrganizationInput;

const QrDesignView = z.object({
  fg_color: z.string(),
  bg_color: z.string(),
  ec_level: z.enum(QR_EC_LEVELS),
  margin: z.number(),
  logo_id: z.number().nullable(),
});

/** The fields as a link answers them: unset ones as null or []. */
export const LinkOrganizationView = {
  tags: z.array(z.string()),
  folder: z.string().nullable(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  utm_term: z.string().nullable(),
  utm_content: z.string().nullable(),
  qr: QrDesignView.nullable(),
};

/** The five UTM fields as the API takes them, for whatever else holds a set of them (a saved template). */
export const UtmParametersInput = {
  utm_source: LinkOrganizationInput.utm_source,
  utm_medium: LinkOrganizationInput.utm_medium,
  utm_campaign: LinkOrganizationInput.utm_campaign,
  utm_term: LinkOrganizationInput.utm_term,
  utm_content: LinkOrganizationInput.utm_content,
};
