import type { StoredSurveyQuestion } from '@linkledger/contracts';
import type { ReadModelHandlers } from './handlers.ts';
import { workspaceHoldings } from './workspace-holdings.ts';

/** Each workspace's surveys (docs/pages.md#surveys), one document per survey, with its response count. */
export const SURVEYS = 'surveys';

export interface SurveyView {
  [key: string]: unknown;
  /** The survey's id. */
  id: number;
  workspace_id: number;
  created_by: number;
  slug: string;
  title: string;
  description: string;
  questions: StoredSurveyQuestion[];
  redirect_url: string | null;
  is_active: boolean;
  response_count: number;
  created_at: string;
}

/** Which surveys each workspace holds (workspace-holdings.ts). */
const WORKSPACE_SURVEYS = 'workspace_surveys';

export const surveyIndexes = { [SURVEYS]: [['workspace_id']], [WORKSPACE_SURVEYS]: [] } as const;

const heldSurveys = workspaceHoldings<number>(WORKSPACE_SURVEYS, 'survey_ids', SURVEYS, (_workspaceId, surveyId) => surveyId);

export const surveyHandlers: ReadModelHandlers = {
  async SurveyCreated({ survey_id, workspace_id, created_by, slug, title, description, questions, redirect_url, is_active }, recorded, tx) {
    const view: SurveyView = {
      id: survey_id,
      workspace_id,
      created_by,
      slug,
      title,
      description,
      questions,
      redirect_url,
      is_active,
      response_count: 0,
      created_at: recorded.metadata.at,
    };
    tx.put(SURVEYS, view);
    await heldSurveys.note(tx, workspace_id, (held) => [...held.filter((each) => each !== survey_id), survey_id]);
  },
  async SurveyUpdated({ survey_id, changes }, _recorded, tx) {
    // The question counter is the decider's own: not shown.
    const defined = Object.fromEntries(Object.entries(changes).filter(([field, value]) => value !== undefined && field !== 'next_question'));
    await tx.update<SurveyView>(SURVEYS, survey_id, (view) => ({ ...view, ...defined }));
  },
  async SurveyResponded({ survey_id }, _recorded, tx) {
    await tx.update<SurveyView>(SURVEYS, survey_id, (view) => ({ ...view, response_count: view.response_count + 1 }));
  },
  async SurveyDeleted({ survey_id, workspace_id }, _recorded, tx) {
    tx.delete(SURVEYS, survey_id);
    await heldSurveys.note(tx, workspace_id, (held) => held.filter((each) => each !== survey_id));
  },
  async WorkspaceDeleted({ workspace_id }, _recorded, tx) {
    await heldSurveys.drop(tx, workspace_id);
  },
  // A personal workspace goes with its account.
  async AccountDeleted({ user_id }, _recorded, tx) {
    await heldSurveys.drop(tx, user_id);
  },
};
