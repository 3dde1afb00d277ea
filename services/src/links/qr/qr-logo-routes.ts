import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorBody, IdParams, QrLogoResponse } from '@linkledger/contracts';
import type { Platform } from '../../platform/platform.ts';
import { notFound } from '../../commands/domain-error.ts';
import { commandContext } from '../../http/command-context.ts';
import { routesFor } from '../../http/declared-routes.ts';
import { QR_DESIGN_REFUSAL } from './qr-design-input.ts';
import { sendWorkspaceImage, storeWorkspaceImage, takeRawImages, uploadedBytes, workspaceLogo } from './qr-logos.ts';

const LOGO_NOT_FOUND = 'QR logo not found';

/**
 * A workspace's QR logos (docs/links.md#qr-design): uploaded once (the image is the request
 * body), drawn in the centre of the QR codes of links whose design names them, and served
 * back from here to the dialog that shows them.
 */
export async function qrLogoRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    takeRawImages(scope);
    const designers = routesFor(scope, { access: 'user', workspace: 'links:write', feature: { key: 'qr_customization', refusal: QR_DESIGN_REFUSAL } });

    designers.post('/api/qr-logos', {
      summary:
        'Upload a logo for the workspace’s QR codes: the PNG or JPEG file as the body (at most 200 KB, 32 to 2048 pixels a side; SVG is refused); the same file again answers the logo already stored',
      response: { 201: QrLogoResponse, 409: ErrorBody },
      handler: async ({ request, reply, workspace }) => {
        return reply.code(201).send(await storeWorkspaceImage(platform, commandContext(platform, request), workspace.id, uploadedBytes(request.body)));
      },
    });
  });

  const readers = routesFor(app, { access: 'user', workspace: 'links:read' });
  readers.get('/api/qr-logos/:id', {
    summary: 'One of the workspace’s QR logos, as the image it was uploaded as',
    params: IdParams,
    response: {
      200: { description: 'The logo as PNG or JPEG', content: { 'image/png': { schema: z.string() }, 'image/jpeg': { schema: z.string() } } },
      404: ErrorBody,
    },
    handler: async ({ request, reply, workspace }) => {
      const logo = await workspaceLogo(platform, workspace.id, request.params.id);
      if (!logo) throw notFound(LOGO_NOT_FOUND);
      return sendWorkspaceImage(reply, logo, 'private, max-age=86400, immutable');
    },
  });
}
