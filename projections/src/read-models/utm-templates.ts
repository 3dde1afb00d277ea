import type { ReadModelHandlers } from './handlers.ts';
import type { UnitOfWork } from './unit-of-work.ts';

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

/**
 * Which templates each workspace holds, so that a deleted workspace (or a deleted account's
 * personal one) takes them out in the same batch: a handler reads documents by id only.
 */
const WORKSPACE_UTM_TEMPLATES = 'workspace_utm_templates';

interface WorkspaceTemplatesView {
  [key: string]: unknown;
  /** The workspace's id. */
  id: number;
  template_ids: number[];
}

export const utmTemplateDocumentId = (workspaceId: number, templateId: number) => `${workspaceId}:${templateId}`;

export const utmTemplateIndexes = { [UTM_TEMPLATES]: [['workspace_id']], [WORKSPACE_UTM_TEMPLATES]: [] } as const;

async function noteTemplates(tx: UnitOfWork, workspaceId: number, change: (ids: number[]) => number[]) {
  const template_ids = change((await tx.get<WorkspaceTemplatesView>(WORKSPACE_UTM_TEMPLATES, workspaceId))?.template_ids ?? []);
  if (template_ids.length === 0) tx.delete(WORKSPACE_UTM_TEMPLATES, workspaceId);
  else tx.put(WORKSPACE_UTM_TEMPLATES, { id: workspaceId, template_ids } satisfies WorkspaceTemplatesView);
}

async function dropWorkspaceTemplates(tx: UnitOfWork, workspaceId: number) {
  const held = await tx.get<WorkspaceTemplatesView>(WORKSPACE_UTM_TEMPLATES, workspaceId);
  for (const templateId of held?.template_ids ?? []) tx.delete(UTM_TEMPLATES, utmTemplateDocumentId(workspaceId, templateId));
  tx.delete(WORKSPACE_UTM_TEMPLATES, workspaceId);
}

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
    await noteTemplates(tx, workspace_id, (held) => [...held.filter((each) => each !== template_id), template_id]);
  },
  async UtmTemplateUpdated({ workspace_id, template_id, changes }, _recorded, tx) {
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    await tx.update<UtmTemplateView>(UTM_TEMPLATES, utmTemplateDocumentId(workspace_id, template_id), (view) => ({ ...view, ...defined }));
  },
  async UtmTemplateDeleted({ workspace_id, template_id }, _recorded, tx) {
    tx.delete(UTM_TEMPLATES, utmTemplateDocumentId(workspace_id, template_id));
    await noteTemplates(tx, workspace_id, (held) => held.filter((each) => each !== template_id));
  },
  async WorkspaceDeleted({ workspace_id }, _recorded, tx) {
    await dropWorkspaceTemplates(tx, workspace_id);
  },
  // A personal workspace goes with its account.
  async AccountDeleted({ user_id }, _recorded, tx) {
    await dropWorkspaceTemplates(tx, user_id);
  },
};
