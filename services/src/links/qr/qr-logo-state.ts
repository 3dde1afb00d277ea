import type { DomainEvent, QrLogoUploaded } from '@linkledger/contracts';

/** A workspace's QR logos, folded from its `qr-logos-{workspaceId}` stream. */
export interface QrLogos {
  byId: ReadonlyMap<number, QrLogoUploaded>;
  /** Logo id by the image's SHA-256: the same file is stored once. */
  bySha256: ReadonlyMap<string, number>;
}

export const NO_QR_LOGOS: QrLogos = { byId: new Map(), bySha256: new Map() };

export const qrLogoStream = (workspaceId: number) => `qr-logos-${workspaceId}`;

export function evolveQrLogos(state: QrLogos, event: DomainEvent): QrLogos {
  if (event.type !== 'QrLogoUploaded') return state;
  return {
    byId: new Map(state.byId).set(event.data.logo_id, event.data),
    bySha256: new Map(state.bySha256).set(event.data.sha256, event.data.logo_id),
  };
}
