import type { QrLogoUploaded } from '@linkledger/contracts';
import { loadStream } from '../../commands/command-context.ts';
import { evolveQrLogos, NO_QR_LOGOS, qrLogoStream } from './qr-logo-state.ts';
import type { Platform } from '../../platform/platform.ts';

/** One of the workspace's QR logos, or null when it has none of that id (another workspace's is not its own). */
export async function workspaceLogo(platform: Pick<Platform, 'events'>, workspaceId: number, logoId: number): Promise<QrLogoUploaded | null> {
  const { state } = await loadStream(platform.events, qrLogoStream(workspaceId), NO_QR_LOGOS, evolveQrLogos);
  return state.byId.get(logoId) ?? null;
}
