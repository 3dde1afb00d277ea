import { z } from 'zod';
import { UtmParametersInput } from './link-organization.ts';

/** How many templates a workspace may keep (docs/links.md#utm-parameters). */
export const UTM_TEMPLATES_MAX = 50;

const TemplateName = z
  .string({ message: 'Please enter a name for the template.' })
  .trim()
  .min(1, 'Please enter a name for the template.')
  .max(60, 'A template’s name is at most 60 characters long.')
  // Shown in a menu and the activity history: a line break there would read as another line.
  .refine((name) => !/\p{Cc}/u.test(name), 'A template’s name is one line of text: it cannot hold line breaks, tabs or other control characters.');

const unknownFields = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `A UTM template takes name, utm_source, utm_medium, utm_campaign, utm_term and utm_content; remove ${issue.keys?.join(', ')}`
    : undefined;

/** A new template: its name and the parameters it sets (at least one). */
export const CreateUtmTemplateBody = z
  .strictObject({ name: TemplateName, ...UtmParametersInput }, { error: unknownFields })
  .refine((body) => [body.utm_source, body.utm_medium, body.utm_campaign, body.utm_term, body.utm_content].some((value) => value != null), {
    message: 'A template sets at least one UTM parameter.',
    path: ['utm_source'],
  });
export type CreateUtmTemplateBody = z.infer<typeof CreateUtmTemplateBody>;

/** An edit of a template: absent fields stay, null (or "") removes a parameter. */
export const UpdateUtmTemplateBody = z.strictObject({ name: TemplateName.optional(), ...UtmParametersInput }, { error: unknownFields });
export type UpdateUtmTemplateBody = z.infer<typeof UpdateUtmTemplateBody>;

export const UtmTemplate = z.object({
  id: z.number(),
  name: z.string(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  utm_term: z.string().nullable(),
  utm_content: z.string().nullable(),
  created_at: z.string(),
});
export type UtmTemplate = z.infer<typeof UtmTemplate>;

export const UtmTemplateList = z.object({ templates: z.array(UtmTemplate), max: z.number() });
export type UtmTemplateList = z.infer<typeof UtmTemplateList>;
