import type { ReadModelHandlers } from './handlers.ts';
import { workspaceHoldings } from './workspace-holdings.ts';

/** Each workspace's saved UTM templates (docs/links.md#utm-parameters), one document per template. */
export const UTM_TEMPLATES = 'utm_templates';

export interface UtmTemplateView {
  [key: string]: unknown;
  /** `{workspace_id}:{template_id}`: template ids count within their workspace. */
  id: string;
  workspace_id: number;
  template_id: number;
  name: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  created_at: string;
}

/** Which templates each workspace holds (workspace-holdings.ts). */
const WORKSPACE_UTM_TEMPLATES = 'workspace_utm_templates';

export const utmTemplateDocumentId = (workspaceId: number, templateId: number) => `${workspaceId}:${templateId}`;

export const utmTemplateIndexes = { [UTM_TEMPLATES]: [['workspace_id']], [WORKSPACE_UTM_TEMPLATES]: [] } as const;

const heldTemplates = workspaceHoldings<number>(WORKSPACE_UTM_TEMPLATES, 'template_ids', UTM_TEMPLATES, utmTemplateDocumentId);

export const utmTemplateHandlers: ReadModelHandlers = {
  async UtmTemplateCreated({ workspace_id, template_id, ...template }, recorded, tx) {
    const view: UtmTemplateView = {
      id: utmTemplateDocumentId(workspace_id, template_id),
      workspace_id,
      template_id,
      ...template,
      created_at: recorded.metadata.at,
    };
    tx.put(UTM_TEMPLATES, view);
    await heldTemplates.note(tx, workspace_id, (held) => [...held.filter((each) => each !== template_id), template_id]);
  },
  async UtmTemplateUpdated({ workspace_id, template_id, changes }, _recorded, tx) {
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    await tx.update<UtmTemplateView>(UTM_TEMPLATES, utmTemplateDocumentId(workspace_id, template_id), (view) => ({ ...view, ...defined }));
  },
  async UtmTemplateDeleted({ workspace_id, template_id }, _recorded, tx) {
    tx.delete(UTM_TEMPLATES, utmTemplateDocumentId(workspace_id, template_id));
    await heldTemplates.note(tx, workspace_id, (held) => held.filter((each) => each !== template_id));
  },
  async WorkspaceDeleted({ workspace_id }, _recorded, tx) {
    await heldTemplates.drop(tx, workspace_id);
  },
  // A personal workspace goes with its account.
  async AccountDeleted({ user_id }, _recorded, tx) {
    await heldTemplates.drop(tx, user_id);
  },
};
