import { z } from 'zod';

const id = z.number().int().positive();
const value = z.string().nullable();

/** A template's UTM parameters as stored: every field present, null where the template leaves it unset. */
const StoredUtmParameters = {
  utm_source: value,
  utm_medium: value,
  utm_campaign: value,
  utm_term: value,
  utm_content: value,
};

/**
 * A member saved a set of UTM parameters under a name for the workspace (stream
 * `utm-templates-{workspaceId}`, docs/links.md#utm-parameters). `template_id` counts up within
 * the workspace.
 */
const UtmTemplateCreatedV1 = z.object({ workspace_id: id, template_id: id, name: z.string(), ...StoredUtmParameters });

/** A template was renamed or its parameters changed: the fields given are the new ones, absent ones stay. */
const UtmTemplateUpdatedV1 = z.object({
  workspace_id: id,
  template_id: id,
  changes: z.object({ name: z.string().optional(), ...z.object(StoredUtmParameters).partial().shape }),
});

/** A template was deleted; links made with it keep their parameters. */
const UtmTemplateDeletedV1 = z.object({ workspace_id: id, template_id: id, name: z.string() });

export const utmTemplateEvents = {
  UtmTemplateCreated: { 1: UtmTemplateCreatedV1 },
  UtmTemplateUpdated: { 1: UtmTemplateUpdatedV1 },
  UtmTemplateDeleted: { 1: UtmTemplateDeletedV1 },
} as const;
