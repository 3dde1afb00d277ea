import type { QrLogoUploaded } from '@linkledger/contracts';
import type { Decider } from '../../commands/command-handler.ts';
import { conflict } from '../../commands/domain-error.ts';
import { NO_QR_LOGOS, evolveQrLogos, qrLogoStream, type QrLogos } from './qr-logo-state.ts';

/** How many different logos a workspace may keep: each is in the log for good. */
export const QR_LOGOS_PER_WORKSPACE = 50;

/** A checked image to keep as one of the workspace's QR logos (its id is decided here). */
export type UploadQrLogo = Omit<QrLogoUploaded, 'logo_id'>;

/** Stores a logo unless the workspace has the same image already (then nothing is appended and the handler answers that one). */
export const uploadQrLogoDecider: Decider<UploadQrLogo, QrLogos> = {
  streamOf: (command) => qrLogoStream(command.workspace_id),
  initialState: NO_QR_LOGOS,
  evolve: evolveQrLogos,
  decide: (command, logos) => {
    if (logos.bySha256.has(command.sha256)) return [];
    if (logos.byId.size >= QR_LOGOS_PER_WORKSPACE) {
      throw conflict(`A workspace keeps at most ${QR_LOGOS_PER_WORKSPACE} QR logos; use one you uploaded before.`);
    }
    return [{ type: 'QrLogoUploaded', data: { ...command, logo_id: logos.byId.size + 1 } }];
  },
};

/** The id the upload is known by after the command: the new logo's, or the earlier upload of the same image. */
export const uploadedLogoId = (before: QrLogos, command: UploadQrLogo) => before.bySha256.get(command.sha256) ?? before.byId.size + 1;
