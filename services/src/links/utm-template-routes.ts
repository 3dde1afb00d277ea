import type { FastifyInstance } from 'fastify';
import {
  CreateUtmTemplateBody,
  ErrorBody,
  IdParams,
  MessageBody,
  UTM_FIELDS,
  UTM_TEMPLATES_MAX,
  UpdateUtmTemplateBody,
  UtmTemplate,
  UtmTemplateList,
  type EventData,
} from '@linkledger/contracts';
import { UTM_TEMPLATES, utmTemplateDocumentId, type UtmTemplateView } from '@linkledger/projections';
import { handleCommand } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import { routesFor } from '../http/declared-routes.ts';
import { answeredFromTheWrite } from '../http/still-processing.ts';
import type { Platform } from '../platform/platform.ts';
import { TEMPLATE_NOT_FOUND, definedOnly, utmTemplateDecider, type TemplateParameters } from './utm-template-deciders.ts';

const TEMPLATE_DELETED = 'The UTM template was deleted. Links made with it keep their parameters.';

const templateAnswer = ({ template_id, name, utm_source, utm_medium, utm_campaign, utm_term, utm_content, created_at }: UtmTemplateView): UtmTemplate => ({
  id: template_id,
  name,
  utm_source,
  utm_medium,
  utm_campaign,
  utm_term,
  utm_content,
  created_at,
});

/** The five parameters of a body, every one present (null where it sets none). */
const parametersOf = (body: Partial<Record<(typeof UTM_FIELDS)[number], string | null | undefined>>): TemplateParameters =>
  Object.fromEntries(UTM_FIELDS.map((field) => [field, body[field] ?? null])) as TemplateParameters;

/** The fields an edit gives, absent ones left out (null removes a parameter). */
const givenChanges = (body: UpdateUtmTemplateBody) => definedOnly(body as Partial<TemplateParameters> & { name?: string });

/**
 * A workspace's saved UTM templates (docs/links.md#utm-parameters): its readers list them,
 * its writers save, edit and delete them; names are unique in the workspace, at most
 * UTM_TEMPLATES_MAX of them.
 */
export async function utmTemplateRoutes(app: FastifyInstance, platform: Platform) {
  const readers = routesFor(app, { access: 'user', workspace: 'links:read' });
  const writers = routesFor(app, { access: 'user', workspace: 'links:write' });

  const viewOf = async (workspaceId: number, templateId: number) => {
    const view = await platform.read.get<UtmTemplateView>(UTM_TEMPLATES, utmTemplateDocumentId(workspaceId, templateId));
    if (!view) throw notFound(TEMPLATE_NOT_FOUND);
    return view;
  };

  readers.get('/api/utm-templates', {
    summary: 'The workspace’s saved UTM templates, by name',
    response: { 200: UtmTemplateList, 403: ErrorBody },
    handler: async ({ workspace }) => {
      const views = await platform.read.find<UtmTemplateView>(UTM_TEMPLATES, { where: { workspace_id: workspace.id } });
      const templates = views.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.template_id - b.template_id).map(templateAnswer);
      return { templates, max: UTM_TEMPLATES_MAX };
    },
  });

  writers.post('/api/utm-templates', {
    summary: `Save a set of UTM parameters under a name (unique in the workspace; at most ${UTM_TEMPLATES_MAX})`,
    body: CreateUtmTemplateBody,
    response: { 201: UtmTemplate, 403: ErrorBody, 409: ErrorBody },
    handler: async ({ request, reply, workspace }) => {
      // The answer comes from the write itself, so a slow read model never turns it into a 202.
      const context = answeredFromTheWrite(commandContext(platform, request));
      const { events } = await handleCommand(platform, context, utmTemplateDecider, {
        kind: 'create',
        workspaceId: workspace.id,
        name: request.body.name,
        parameters: parametersOf(request.body),
      });
      const created = events.find((event) => event.type === 'UtmTemplateCreated')!.data as EventData['UtmTemplateCreated'];
      const view = { id: utmTemplateDocumentId(workspace.id, created.template_id), ...created, created_at: context.now.toISOString() };
      return reply.code(201).send(templateAnswer(view));
    },
  });

  writers.patch('/api/utm-templates/:id', {
    summary: 'Rename a UTM template or change its parameters (null removes one)',
    params: IdParams,
    body: UpdateUtmTemplateBody,
    response: { 200: UtmTemplate, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, workspace }) => {
      const command = { kind: 'update', workspaceId: workspace.id, templateId: request.params.id, changes: givenChanges(request.body) } as const;
      await handleCommand(platform, commandContext(platform, request), utmTemplateDecider, command);
      return templateAnswer(await viewOf(workspace.id, request.params.id));
    },
  });

  writers.delete('/api/utm-templates/:id', {
    summary: 'Delete a UTM template; links made with it keep their parameters',
    params: IdParams,
    response: { 200: MessageBody, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      await handleCommand(platform, commandContext(platform, request), utmTemplateDecider, {
        kind: 'delete',
        workspaceId: workspace.id,
        templateId: request.params.id,
      });
      return { message: TEMPLATE_DELETED };
    },
  });
}
