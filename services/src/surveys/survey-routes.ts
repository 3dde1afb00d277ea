import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { stringify } from 'csv-stringify/sync';
import {
  CreateSurveyBody,
  ErrorBody,
  IdParams,
  MessageBody,
  Survey,
  SurveyList,
  SurveyParams,
  SurveyResults,
  SurveyResultsQuery,
  UpdateSurveyBody,
} from '@linkledger/contracts';
import { SURVEYS, type SurveyView } from '@linkledger/projections';
import { currentPlan } from '../billing/index.ts';
import { handleCommand, handleMultiStreamCommand } from '../commands/command-handler.ts';
import { allocateId, metadataFor } from '../commands/command-context.ts';
import { DomainError } from '../commands/domain-error.ts';
import { inertCell } from '../formats/spreadsheet-cell.ts';
import { commandContext } from '../http/command-context.ts';
import { routesFor } from '../http/declared-routes.ts';
import { workspaceDocument } from '../http/workspace-document.ts';
import { checkChosenCode, publicBase } from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';
import { createSurveyDecider, deleteSurveyDecider, SURVEY_NOT_FOUND, updateSurveyDecider, type SurveyContent } from './survey-deciders.ts';
import { readResponses, resultsOf, responseRows } from './survey-results.ts';

export const SURVEYS_NOT_IN_PLAN = 'Surveys are available on the Pro and Enterprise plans. Upgrade your plan to build surveys.';
const SURVEY_DELETED = 'The survey was deleted. Its short code stays taken and its responses stay in the history.';
const GATE = { key: 'surveys', refusal: SURVEYS_NOT_IN_PLAN } as const;

/** Refused: the workspace holds as many surveys as its plan allows. */
class SurveyLimitReached extends DomainError {
  constructor(limit: number) {
    super('forbidden', `This workspace has ${limit} surveys, the most its plan allows. Delete one or upgrade your plan to build another.`);
  }
}

/** How many surveys a workspace's plan allows (-1: no limit). */
async function surveysLimit(platform: Pick<Platform, 'clock' | 'read'>, workspaceId: number): Promise<number> {
  const { plan } = await currentPlan(platform, workspaceId);
  return plan.is_unlimited ? -1 : plan.surveys_limit;
}

const surveyAnswer = (base: string, view: SurveyView): Survey => ({
  id: view.id,
  workspace_id: view.workspace_id,
  slug: view.slug,
  url: `${base}/${view.slug}`,
  title: view.title,
  description: view.description,
  questions: view.questions,
  redirect_url: view.redirect_url,
  is_active: view.is_active,
  response_count: view.response_count,
  created_at: view.created_at,
});

const contentOf = (body: Partial<UpdateSurveyBody>): Partial<SurveyContent> => ({
  ...(body.title !== undefined ? { title: body.title } : {}),
  ...(body.description !== undefined ? { description: body.description } : {}),
  ...(body.questions !== undefined ? { questions: body.questions } : {}),
  ...(body.redirect_url !== undefined ? { redirectUrl: body.redirect_url } : {}),
  ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
});

/**
 * A workspace's surveys (docs/pages.md#surveys): readers list them and read their results,
 * writers build, edit and delete them, within the plan's `surveys` feature and `surveys_limit`.
 */
export async function surveyRoutes(app: FastifyInstance, platform: Platform) {
  const readers = routesFor(app, { access: 'user', workspaceInPath: 'links:read', feature: GATE });
  const analysts = routesFor(app, { access: 'user', workspaceInPath: 'analytics:read', feature: GATE });
  const writers = routesFor(app, { access: 'user', workspaceInPath: 'links:write', feature: GATE });

  const viewOf = (workspaceId: number, surveyId: number) => workspaceDocument<SurveyView>(platform.read, SURVEYS, workspaceId, surveyId, SURVEY_NOT_FOUND);
  const base = (request: FastifyRequest) => publicBase(platform, request);

  readers.get('/api/workspaces/:id/surveys', {
    summary: 'The workspace’s surveys, newest first, with their response counts',
    params: IdParams,
    response: { 200: SurveyList, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const views = await platform.read.find<SurveyView>(SURVEYS, { where: { workspace_id: workspace.id } });
      const surveys = views.sort((a, b) => b.id - a.id).map((view) => surveyAnswer(base(request), view));
      return { surveys, limit: await surveysLimit(platform, workspace.id) };
    },
  });

  writers.post('/api/workspaces/:id/surveys', {
    summary: 'Build a survey: its form answers at /{slug}, a short code claimed like a link’s',
    params: IdParams,
    body: CreateSurveyBody,
    response: { 201: Survey, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, reply, workspace, caller }) => {
      const { slug, title, description, questions, redirect_url, is_active } = request.body;
      await checkChosenCode(platform, slug);
      const limit = await surveysLimit(platform, workspace.id);
      const held = await platform.read.count(SURVEYS, { workspace_id: workspace.id });
      if (limit !== -1 && held >= limit) throw new SurveyLimitReached(limit);
      const context = commandContext(platform, request);
      const surveyId = await allocateId(platform.events, 'survey', metadataFor(context));
      const content = { title, description, questions, redirectUrl: redirect_url, isActive: is_active };
      await handleMultiStreamCommand(platform, context, createSurveyDecider, { surveyId, workspaceId: workspace.id, createdBy: caller.userId, slug, content });
      return reply.code(201).send(surveyAnswer(base(request), await viewOf(workspace.id, surveyId)));
    },
  });

  readers.get('/api/workspaces/:id/surveys/:surveyId', {
    summary: 'One survey: its questions, state and response count',
    params: SurveyParams,
    response: { 200: Survey, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => surveyAnswer(base(request), await viewOf(workspace.id, request.params.surveyId)),
  });

  writers.patch('/api/workspaces/:id/surveys/:surveyId', {
    summary: 'Edit a survey: questions keep their ids; once answered, a question keeps its type and choices',
    params: SurveyParams,
    body: UpdateSurveyBody,
    response: { 200: Survey, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, workspace }) => {
      const command = { surveyId: request.params.surveyId, workspaceId: workspace.id, changes: contentOf(request.body) };
      await handleMultiStreamCommand(platform, commandContext(platform, request), updateSurveyDecider, command);
      return surveyAnswer(base(request), await viewOf(workspace.id, request.params.surveyId));
    },
  });

  writers.delete('/api/workspaces/:id/surveys/:surveyId', {
    summary: 'Delete a survey: its form is gone; its short code stays taken',
    params: SurveyParams,
    response: { 200: MessageBody, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      await handleCommand(platform, commandContext(platform, request), deleteSurveyDecider, { surveyId: request.params.surveyId, workspaceId: workspace.id });
      return { message: SURVEY_DELETED };
    },
  });

  analysts.get('/api/workspaces/:id/surveys/:surveyId/results', {
    summary: 'A survey’s results: counts per choice, the rating average and distribution, a page of text answers',
    params: SurveyParams,
    querystring: SurveyResultsQuery,
    response: { 200: SurveyResults, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const view = await viewOf(workspace.id, request.params.surveyId);
      return resultsOf(view, await readResponses(platform, view.id), request.query.text_page);
    },
  });

  analysts.get('/api/workspaces/:id/surveys/:surveyId/responses.csv', {
    summary: 'Every response of a survey as a CSV file: one row each, one column per question',
    params: SurveyParams,
    response: {
      200: { description: 'The CSV file, UTF-8 with a byte-order mark', content: { 'text/csv': { schema: z.string() } } },
      403: ErrorBody,
      404: ErrorBody,
    },
    handler: async ({ request, reply, workspace }) => {
      const view = await viewOf(workspace.id, request.params.surveyId);
      const { columns, rows } = responseRows(view, await readResponses(platform, view.id));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="survey_${view.id}_responses.csv"`)
        .header('cache-control', 'no-store')
        .send(
          stringify(
            rows.map((row) => row.map(inertCell)),
            { header: true, columns: columns.map(inertCell), bom: true },
          ),
        );
    },
  });
}
