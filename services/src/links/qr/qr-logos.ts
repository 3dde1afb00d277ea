import type { FastifyInstance, FastifyReply } from 'fastify';
import { QR_LOGO_MAX_BYTES, type QrLogoUploaded } from '@linkledger/contracts';
import { handleCommand, type CommandDeps } from '../../commands/command-handler.ts';
import { loadStream, type CommandContext } from '../../commands/command-context.ts';
import { fileBody } from '../../http/file-body.ts';
import { evolveQrLogos, NO_QR_LOGOS, qrLogoStream } from './qr-logo-state.ts';
import { checkedLogo } from './qr-logo-image.ts';
import { uploadQrLogoDecider, uploadedLogoId } from './qr-logo-deciders.ts';
import type { Platform } from '../../platform/platform.ts';

/** One of the workspace's QR logos, or null when it has none of that id (another workspace's is not its own). */
export async function workspaceLogo(platform: Pick<Platform, 'events'>, workspaceId: number, logoId: number): Promise<QrLogoUploaded | null> {
  const { state } = await loadStream(platform.events, qrLogoStream(workspaceId), NO_QR_LOGOS, evolveQrLogos);
  return state.byId.get(logoId) ?? null;
}

/** An upload's body is the image as it came, whatever type the client names: the bytes decide what it is. */
export function takeRawImages(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4 * QR_LOGO_MAX_BYTES }, (_request, body, done) => done(null, body));
}

/** The bytes an upload sent (none for a body that was no file). */
export const uploadedBytes = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

/**
 * Checks an uploaded image by its bytes and keeps it among the workspace's images in the log
 * (QR logos, and the avatars of its link-in-bio pages, docs/pages.md#link-in-bio-pages): the
 * id it is known by — the same file again is the image already stored.
 */
export async function storeWorkspaceImage(platform: CommandDeps, context: CommandContext, workspaceId: number, bytes: Buffer) {
  const command = { workspace_id: workspaceId, ...checkedLogo(bytes) };
  const { state } = await handleCommand(platform, context, uploadQrLogoDecider, command);
  const { content_type, width, height } = command;
  return { id: uploadedLogoId(state, command), content_type, width, height };
}

/** Sends a stored image as the type it was checked to be: never sniffed as anything else, never a document that runs. */
export function sendWorkspaceImage(reply: FastifyReply, image: QrLogoUploaded, cacheControl: string) {
  return reply
    .type(image.content_type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('cache-control', cacheControl)
    .send(fileBody(Buffer.from(image.image_base64, 'base64')));
}
