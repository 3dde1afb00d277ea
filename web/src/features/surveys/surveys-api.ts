import type { CreateSurveyBody, Survey, SurveyList, SurveyResults, UpdateSurveyBody } from '@linkledger/contracts';
import { api, apiBlob } from '../../api/client.ts';

/** Every survey query's key starts so: a change invalidates them all. */
export const SURVEYS_QUERY = ['surveys'] as const;

const base = (workspaceId: number) => `/workspaces/${workspaceId}/surveys`;

/** The surveys calls of a workspace (docs/pages.md#surveys). */
export const surveysApi = {
  list: (workspaceId: number) => api<SurveyList>(base(workspaceId)),
  get: (workspaceId: number, surveyId: number) => api<Survey>(`${base(workspaceId)}/${surveyId}`),
  create: (workspaceId: number, body: CreateSurveyBody) => api<Survey>(base(workspaceId), { method: 'POST', body }),
  update: (workspaceId: number, surveyId: number, body: UpdateSurveyBody) => api<Survey>(`${base(workspaceId)}/${surveyId}`, { method: 'PATCH', body }),
  remove: (workspaceId: number, surveyId: number) => api<{ message: string }>(`${base(workspaceId)}/${surveyId}`, { method: 'DELETE' }),
  results: (workspaceId: number, surveyId: number, textPage: number) =>
    api<SurveyResults>(`${base(workspaceId)}/${surveyId}/results`, { query: { text_page: String(textPage) } }),
  responsesCsv: (workspaceId: number, surveyId: number) => apiBlob(`${base(workspaceId)}/${surveyId}/responses.csv`),
};
