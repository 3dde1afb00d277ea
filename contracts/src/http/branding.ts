import { z } from 'zod';
import { contrastRatio } from '../qr-design-rules.ts';

/** The card a visitor's page sits on is white: the primary colour (buttons, links) must stand out on it. */
const BRAND_CARD_COLOR = '#ffffff';
/** WCAG's least contrast for a control against what surrounds it (1.4.11): a button the visitor can see. */
const BRAND_MIN_CONTRAST = 3;
const BRAND_NAME_MAX = 60;

const color = (name: string) =>
  z
    .string({ message: `${name} must be a colour written #rrggbb` })
    .regex(/^#[0-9a-fA-F]{6}$/, `${name} must be a colour written #rrggbb, e.g. #1a2b3c`)
    .transform((value) => value.toLowerCase());

/** What is wrong with a primary colour on the visitor's card, or null when it reads. */
function brandContrastProblem(primary: string): string | null {
  const ratio = contrastRatio(primary, BRAND_CARD_COLOR);
  if (ratio >= BRAND_MIN_CONTRAST) return null;
  return `The primary colour ${primary} has a contrast of ${ratio.toFixed(2)}:1 on the white card of the page; at least ${BRAND_MIN_CONTRAST}:1 is needed for buttons to be seen. Choose a darker colour.`;
}

/** A workspace's brand for its visitors' pages (docs/pages.md#white-label). */
export const BrandBody = z
  .strictObject({
    name: z
      .string({ message: 'name must be text' })
      .trim()
      .min(1, 'name must not be empty')
      .max(BRAND_NAME_MAX, `name must be at most ${BRAND_NAME_MAX} characters`)
      .describe('The name visitors see instead of ours'),
    primary_color: color('primary_color').describe('Buttons and links, #rrggbb'),
    background_color: color('background_color').describe('The page behind the card, #rrggbb'),
    logo_id: z
      .number({ message: 'logo_id must be the id of an uploaded logo, or null' })
      .int()
      .positive()
      .nullable()
      .default(null)
      .describe('An uploaded logo (POST /api/workspaces/{id}/branding/logo), or null for none'),
  })
  .superRefine((brand, context) => {
    const problem = brandContrastProblem(brand.primary_color);
    if (problem) context.addIssue({ code: 'custom', path: ['primary_color'], message: problem });
  });
export type BrandBody = z.infer<typeof BrandBody>;

export const BrandView = z.object({
  name: z.string(),
  primary_color: z.string(),
  background_color: z.string(),
  logo_id: z.number().nullable(),
  /** Where the logo is served to visitors (on any of the workspace's domains), or null. */
  logo_url: z.string().nullable(),
});
export type BrandView = z.infer<typeof BrandView>;

export const BrandAnswer = z.object({
  brand: BrandView.nullable().describe('The brand set, or null: visitors see ours'),
});
export type BrandAnswer = z.infer<typeof BrandAnswer>;

/** The path a brand's logo is served at to visitors: on customer domains, where no other path of the app is. */
export const brandLogoPath = (workspaceId: number, logoId: number) => `/_brand/${workspaceId}/${logoId}`;
