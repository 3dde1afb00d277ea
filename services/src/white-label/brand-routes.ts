import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BrandAnswer, BrandBody, ErrorBody, IdParams, MessageBody, QrLogoResponse, brandLogoPath } from '@linkledger/contracts';
import { handleCommand } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { invalid } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import { routesFor } from '../http/declared-routes.ts';
import { fileBody } from '../http/file-body.ts';
import { storeWorkspaceImage, takeRawImages, uploadedBytes, workspaceLogo } from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';
import { removeBrandDecider, setBrandDecider } from './brand-deciders.ts';
import { brandStream, evolveBrand, type BrandState } from './brand-state.ts';

const WHITE_LABEL_REFUSAL = 'White label is available on the Enterprise plan. Upgrade to show your own name, logo and colours to visitors on your domains.';
const BRAND_REMOVED = 'The brand was removed: visitors on your domains see our pages again.';
const NO_SUCH_LOGO = 'logo_id names no logo of this workspace: upload one first (POST /api/workspaces/{id}/branding/logo).';

/** Where visitors' pages load a brand's logo: a path no short link can take (three segments), answered on every host. */
export const BRAND_LOGO_ROUTE = '/_brand/:workspaceId/:logoId';

const brandAnswer = (workspaceId: number, brand: BrandState): BrandAnswer => ({
  brand: brand && { ...brand, logo_url: brand.logo_id === null ? null : brandLogoPath(workspaceId, brand.logo_id) },
});

const BrandLogoParams = z.object({ workspaceId: z.coerce.number().int().positive(), logoId: z.coerce.number().int().positive() });

/**
 * A workspace's brand for its visitors (docs/pages.md#white-label): read, set and removed by
 * those who may change its settings; set only while its plan has `white_label`. The logo is
 * uploaded as a QR logo is (same checks, same storage) and served to visitors from memory.
 */
export async function brandingRoutes(app: FastifyInstance, platform: Platform) {
  const settings = routesFor(app, { access: 'user', workspaceInPath: 'workspace:settings' });
  const feature = { key: 'white_label', refusal: WHITE_LABEL_REFUSAL } as const;
  const brandSetters = routesFor(app, { access: 'user', workspaceInPath: 'workspace:settings', feature });

  settings.get('/api/workspaces/:id/branding', {
    summary: 'The brand visitors see on the workspace’s custom domains, or null for ours',
    params: IdParams,
    response: { 200: BrandAnswer },
    handler: async ({ workspace }) => {
      const { state } = await loadStream(platform.events, brandStream(workspace.id), null, evolveBrand);
      return brandAnswer(workspace.id, state);
    },
  });

  brandSetters.put('/api/workspaces/:id/branding', {
    summary: 'Set the name, logo and colours visitors see on the workspace’s custom domains instead of ours',
    params: IdParams,
    body: BrandBody,
    response: { 200: BrandAnswer },
    handler: async ({ request, workspace }) => {
      const { name, primary_color, background_color, logo_id } = request.body;
      if (logo_id !== null && !(await workspaceLogo(platform, workspace.id, logo_id))) throw invalid(NO_SUCH_LOGO, 'logo_id');
      const command = { workspace_id: workspace.id, name, primary_color, background_color, logo_id };
      const { state } = await handleCommand(platform, commandContext(platform, request), setBrandDecider, command);
      return brandAnswer(workspace.id, evolveBrand(state, { type: 'WorkspaceBrandSet', data: command }));
    },
  });

  settings.delete('/api/workspaces/:id/branding', {
    summary: 'Remove the workspace’s brand: visitors on its domains see our pages again',
    params: IdParams,
    response: { 200: MessageBody },
    handler: async ({ request, workspace }) => {
      await handleCommand(platform, commandContext(platform, request), removeBrandDecider, { workspace_id: workspace.id });
      return { message: BRAND_REMOVED };
    },
  });

  await app.register(async (scope) => {
    takeRawImages(scope);
    const uploaders = routesFor(scope, { access: 'user', workspaceInPath: 'workspace:settings', feature });
    uploaders.post('/api/workspaces/:id/branding/logo', {
      summary:
        'Upload the brand’s logo: the PNG or JPEG file as the body (at most 200 KB, 32 to 2048 pixels a side; SVG is refused); then set its id as the brand’s logo_id',
      params: IdParams,
      response: { 201: QrLogoResponse, 409: ErrorBody },
      handler: async ({ request, reply, workspace }) =>
        reply.code(201).send(await storeWorkspaceImage(platform, commandContext(platform, request), workspace.id, uploadedBytes(request.body))),
    });
  });

  // Visitors' pages on a customer domain load the logo from here: from memory, never from the log.
  app.get(BRAND_LOGO_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    const params = BrandLogoParams.safeParse(request.params);
    const logo = params.success ? platform.linkCache.brands?.logo(params.data.workspaceId, params.data.logoId, platform.clock()) : null;
    if (!logo) return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('No such logo.\n');
    return reply
      .type(logo.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'public, max-age=300')
      .send(fileBody(logo.bytes));
  });
}
