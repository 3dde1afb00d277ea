import { z } from 'zod';
import { BIO_THEMES, bioThemeProblem } from '../bio-themes.ts';

/** The most links one page lists (docs/pages.md#link-in-bio-pages). */
const BIO_PAGE_MAX_LINKS = 30;
const Colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour is written #rrggbb, e.g. #0d6b5e')
  .transform((colour) => colour.toLowerCase());

const unknownThemeFields = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? `A theme takes background, text, button and button_text; remove ${issue.keys?.join(', ')}` : undefined;

const BioThemeInput = z
  .strictObject({ background: Colour, text: Colour, button: Colour, button_text: Colour }, { error: unknownThemeFields })
  .superRefine((theme, context) => {
    const problem = bioThemeProblem(theme);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** One line of text: a line break would not read as one on the page or in a list. */
const oneLine = (what: string, max: number) =>
  z
    .string({ message: `Please enter the page’s ${what}.` })
    .trim()
    .min(1, `Please enter the page’s ${what}.`)
    .max(max, `The page’s ${what} is at most ${max} characters long.`)
    .refine((text) => !/\p{Cc}/u.test(text), `The page’s ${what} is one line of text: it cannot hold line breaks, tabs or other control characters.`);

const Bio = z
  .string()
  .trim()
  .max(300, 'The bio is at most 300 characters long.')
  // Line breaks are kept (shown as breaks); other control characters are not text.
  .refine((text) => !/(?!\n)\p{Cc}/u.test(text), 'The bio cannot hold control characters other than line breaks.');

const LinkIds = z
  .array(z.number().int().positive(), { message: 'links is a list of your short links’ ids' })
  .max(BIO_PAGE_MAX_LINKS, `A page lists at most ${BIO_PAGE_MAX_LINKS} links.`)
  .refine((ids) => new Set(ids).size === ids.length, 'A link is listed once on a page.');

const unknownFields = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? `A link-in-bio page takes slug, title, bio, links and theme; remove ${issue.keys?.join(', ')}` : undefined;

const PageFields = {
  /** The code the page is served at (`/{slug}`), claimed like a link's custom code. */
  slug: z.string({ message: 'Please choose the page’s address (its slug).' }),
  title: oneLine('title', 80),
  bio: Bio,
  links: LinkIds,
  theme: BioThemeInput,
};

export const CreateBioPageBody = z.strictObject(
  { ...PageFields, bio: PageFields.bio.default(''), links: PageFields.links.default([]), theme: PageFields.theme.default(BIO_THEMES.paper) },
  { error: unknownFields },
);
export type CreateBioPageBody = z.infer<typeof CreateBioPageBody>;

/** An edit of a page: absent fields stay. */
export const UpdateBioPageBody = z.strictObject(z.object(PageFields).partial().shape, { error: unknownFields });
export type UpdateBioPageBody = z.infer<typeof UpdateBioPageBody>;

/** A draft as the editor holds it, for the live preview: the page's fields without its slug, and the page whose avatar it shows (if any). */
export const PreviewBioPageBody = z.strictObject(
  {
    title: PageFields.title,
    bio: PageFields.bio.default(''),
    links: PageFields.links.default([]),
    theme: PageFields.theme.default(BIO_THEMES.paper),
    page_id: z.number().int().positive().optional(),
  },
  { error: unknownFields },
);

/** The preview: the page's HTML exactly as visitors get it. */
export const BioPagePreview = z.object({ html: z.string() });
export type BioPagePreview = z.infer<typeof BioPagePreview>;

export const BioPageParams = z.object({
  id: z.coerce.number().int().positive({ message: 'The workspace id must be a positive whole number' }),
  pageId: z.coerce.number().int().positive({ message: 'The page id must be a positive whole number' }),
});

const BioPageLink = z.object({ id: z.number(), title: z.string(), short_url: z.string() });

export const BioPage = z.object({
  id: z.number(),
  slug: z.string(),
  /** Where visitors open it on our host. */
  url: z.string(),
  title: z.string(),
  bio: z.string(),
  links: z.array(BioPageLink),
  theme: z.object({ background: z.string(), text: z.string(), button: z.string(), button_text: z.string() }),
  /** The avatar's address, or null when it has none. */
  avatar_url: z.string().nullable(),
  /** Views counted so far (bots and HEAD never counted), within the plan's analytics retention. */
  views: z.number(),
});
export type BioPage = z.infer<typeof BioPage>;

export const BioPageList = z.object({ pages: z.array(BioPage), limit: z.number() });
export type BioPageList = z.infer<typeof BioPageList>;

/** A page's analytics over the plan's retention (docs/pages.md#link-in-bio-pages). */
export const BioPageAnalytics = z.object({
  page_id: z.number(),
  retention_days: z.number(),
  /** The first instant counted (ISO), or null when the plan keeps all. */
  since: z.string().nullable(),
  total_views: z.number(),
  unique_visitors: z.number(),
  views_by_date: z.array(z.object({ date: z.string(), views: z.number() })),
  links: z.array(BioPageLink.extend({ clicks: z.number() })),
});
export type BioPageAnalytics = z.infer<typeof BioPageAnalytics>;

/** The avatar upload's answer: the image as stored. */
export const BioAvatarResponse = z.object({ avatar_url: z.string(), width: z.number(), height: z.number() });
