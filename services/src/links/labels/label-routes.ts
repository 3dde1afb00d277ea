import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AnalyticsQuery,
  CreateFolderBody,
  CreateTagBody,
  ErrorBody,
  FolderView,
  IdParams,
  MergeTagBody,
  MessageBody,
  RenameFolderBody,
  TagAnalyticsResponse,
  TagView,
  UpdateTagBody,
} from '@linkledger/contracts';
import { LINKS } from '@linkledger/projections';
import { handleCommand } from '../../commands/command-handler.ts';
import { notFound } from '../../commands/domain-error.ts';
import { commandContext } from '../../http/command-context.ts';
import { routesFor } from '../../http/declared-routes.ts';
import type { Platform } from '../../platform/platform.ts';
import { FOLDER_NOT_FOUND, TAG_NOT_FOUND, labelsDecider, type LabelCommand } from './label-deciders.ts';
import { carriedInto, evolveLabels, type LabelsState } from './label-state.ts';
import { tagClicks } from './tag-analytics.ts';
import { analyticsInRange } from '../analytics-answer.ts';
import { workspaceLabels } from './workspace-labels.ts';

const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** A workspace's tags and folders over HTTP (docs/links.md#tags-and-folders). */
export async function labelRoutes(app: FastifyInstance, platform: Platform) {
  // Managed from the dashboard by the workspace's members; an API key names tags and folders through a link's fields.
  const readers = routesFor(app, { access: 'user', workspace: 'links:read' });
  const writers = routesFor(app, { access: 'user', workspace: 'links:write' });
  const analysts = routesFor(app, { access: 'user', workspace: 'analytics:read' });

  /** Runs a command on the workspace's labels: the labels as they are after it. */
  const run = async (request: Parameters<typeof commandContext>[1], command: LabelCommand): Promise<{ labels: LabelsState; created?: number }> => {
    const { state, events } = await handleCommand(platform, commandContext(platform, request), labelsDecider, command);
    const created = events.flatMap((event) =>
      event.type === 'TagCreated' ? [event.data.tag_id] : event.type === 'FolderCreated' ? [event.data.folder_id] : [],
    )[0];
    return { labels: events.reduce(evolveLabels, state), ...(created === undefined ? {} : { created }) };
  };
  const linksCarrying = (workspaceId: number, tagIds: number[]) => platform.read.count(LINKS, { owner_id: workspaceId, tag_ids: { has_any: tagIds } });
  const tagView = async (workspaceId: number, labels: LabelsState, id: number): Promise<TagView> => {
    const tag = labels.tags.find((each) => each.id === id);
    if (!tag) throw notFound(TAG_NOT_FOUND);
    return { id, name: tag.name, color: tag.color, link_count: await linksCarrying(workspaceId, carriedInto(labels, id)) };
  };
  const folderView = async (workspaceId: number, labels: LabelsState, id: number): Promise<FolderView> => {
    const folder = labels.folders.find((each) => each.id === id);
    if (!folder) throw notFound(FOLDER_NOT_FOUND);
    return { id, name: folder.name, link_count: await platform.read.count(LINKS, { owner_id: workspaceId, folder_id: id }) };
  };

  readers.get('/api/tags', {
    summary: 'The workspace’s tags with their colours and how many links carry each, by name',
    response: { 200: z.array(TagView) },
    handler: async ({ workspace }) => {
      const labels = await workspaceLabels(platform, workspace.id);
      const tags = labels.liveTags().sort((a, b) => a.name.localeCompare(b.name, 'en'));
      return Promise.all(
        tags.map(async (tag) => ({ id: tag.id, name: tag.name, color: tag.color, link_count: await linksCarrying(workspace.id, labels.carriedIds(tag.id)) })),
      );
    },
  });

  writers.post('/api/tags', {
    summary: 'Add a tag to the workspace (its name unique ignoring case)',
    body: CreateTagBody,
    response: { 201: TagView, ...errors },
    handler: async ({ request, reply, workspace }) => {
      const { labels, created } = await run(request, { kind: 'create_tag', workspaceId: workspace.id, ...request.body });
      return reply.code(201).send(await tagView(workspace.id, labels, created!));
    },
  });

  writers.patch('/api/tags/:id', {
    summary: 'Rename or recolour a tag: every link carrying it shows the new name',
    params: IdParams,
    body: UpdateTagBody,
    response: { 200: TagView, ...errors },
    handler: async ({ request, workspace }) => {
      const tagId = request.params.id;
      const { labels } = await run(request, { kind: 'change_tag', workspaceId: workspace.id, tagId, ...request.body });
      return tagView(workspace.id, labels, tagId);
    },
  });

  writers.post('/api/tags/:id/merge', {
    summary: 'Merge a tag into another: links carrying it carry the other instead, and its name is free again',
    params: IdParams,
    body: MergeTagBody,
    response: { 200: TagView, ...errors },
    handler: async ({ request, workspace }) => {
      const { labels } = await run(request, { kind: 'merge_tags', workspaceId: workspace.id, fromId: request.params.id, intoId: request.body.into });
      return tagView(workspace.id, labels, request.body.into);
    },
  });

  writers.delete('/api/tags/:id', {
    summary: 'Delete a tag: links that carried it no longer show it',
    params: IdParams,
    response: { 200: MessageBody, ...errors },
    handler: async ({ request, workspace }) => {
      await run(request, { kind: 'delete_tag', workspaceId: workspace.id, tagId: request.params.id });
      return { message: 'Tag deleted' };
    },
  });

  analysts.get('/api/tags/:id/analytics', {
    summary: 'Human clicks per day of every link carrying a tag (default: the last 30 days)',
    params: IdParams,
    querystring: AnalyticsQuery,
    response: { 200: TagAnalyticsResponse, 400: ErrorBody, 404: ErrorBody, 503: ErrorBody },
    handler: async ({ request, workspace }) => {
      const labels = await workspaceLabels(platform, workspace.id);
      const tag = labels.liveTags().find((each) => each.id === request.params.id);
      if (!tag) throw notFound(TAG_NOT_FOUND);
      const links = await platform.read.find<{ id: number }>(LINKS, { where: { owner_id: workspace.id, tag_ids: { has_any: labels.carriedIds(tag.id) } } });
      const range = { from: request.query.date_from, to: request.query.date_to };
      const ids = links.map((link) => link.id);
      const clicks = await analyticsInRange(request, platform, workspace.id, range, ({ now, firstDay }) =>
        tagClicks(platform.analytics, ids, now, range, firstDay),
      );
      return { tag: tag.name, link_count: links.length, ...clicks };
    },
  });

  readers.get('/api/folders', {
    summary: 'The workspace’s folders and how many links each holds, by name',
    response: { 200: z.array(FolderView) },
    handler: async ({ workspace }) => {
      const labels = await workspaceLabels(platform, workspace.id);
      const folders = labels.liveFolders().sort((a, b) => a.name.localeCompare(b.name, 'en'));
      return Promise.all(
        folders.map(async (folder) => ({
          id: folder.id,
          name: folder.name,
          link_count: await platform.read.count(LINKS, { owner_id: workspace.id, folder_id: folder.id }),
        })),
      );
    },
  });

  writers.post('/api/folders', {
    summary: 'Add a folder to the workspace (its name unique ignoring case)',
    body: CreateFolderBody,
    response: { 201: FolderView, ...errors },
    handler: async ({ request, reply, workspace }) => {
      const { labels, created } = await run(request, { kind: 'create_folder', workspaceId: workspace.id, name: request.body.name });
      return reply.code(201).send(await folderView(workspace.id, labels, created!));
    },
  });

  writers.patch('/api/folders/:id', {
    summary: 'Rename a folder: every link filed in it shows the new name',
    params: IdParams,
    body: RenameFolderBody,
    response: { 200: FolderView, ...errors },
    handler: async ({ request, workspace }) => {
      const folderId = request.params.id;
      const { labels } = await run(request, { kind: 'rename_folder', workspaceId: workspace.id, folderId, name: request.body.name });
      return folderView(workspace.id, labels, folderId);
    },
  });

  writers.delete('/api/folders/:id', {
    summary: 'Delete a folder: links filed in it are in no folder',
    params: IdParams,
    response: { 200: MessageBody, ...errors },
    handler: async ({ request, workspace }) => {
      await run(request, { kind: 'delete_folder', workspaceId: workspace.id, folderId: request.params.id });
      return { message: 'Folder deleted' };
    },
  });
}
