import type { QrLogoResponse, QrLogoUploaded } from '@linkledger/contracts';
import { loadStream, type CommandContext } from '../../commands/command-context.ts';
import { handleCommand, type CommandDeps } from '../../commands/command-handler.ts';
import { checkedLogo } from './qr-logo-image.ts';
import { uploadQrLogoDecider, uploadedLogoId } from './qr-logo-deciders.ts';
import { evolveQrLogos, NO_QR_LOGOS, qrLogoStream } from './qr-logo-state.ts';
import type { Platform } from '../../platform/platform.ts';

/** One of the workspace's QR logos, or null when it has none of that id (another workspace's is not its own). */
export async function workspaceLogo(platform: Pick<Platform, 'events'>, workspaceId: number, logoId: number): Promise<QrLogoUploaded | null> {
  const { state } = await loadStream(platform.events, qrLogoStream(workspaceId), NO_QR_LOGOS, evolveQrLogos);
  return state.byId.get(logoId) ?? null;
}

/**
 * Checks an uploaded image by its bytes and keeps it among the workspace's logos (the same
 * image again answers the one stored): what every logo upload goes through, QR codes' and a brand's.
 */
export async function storeUploadedLogo(platform: CommandDeps, context: CommandContext, workspaceId: number, body: unknown): Promise<QrLogoResponse> {
  const command = { workspace_id: workspaceId, ...checkedLogo(Buffer.isBuffer(body) ? body : Buffer.alloc(0)) };
  const { state } = await handleCommand(platform, context, uploadQrLogoDecider, command);
  const { content_type, width, height } = command;
  return { id: uploadedLogoId(state, command), content_type, width, height };
}
