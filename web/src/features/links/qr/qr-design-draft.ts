import type { QrDesignInput } from '@linkledger/contracts';
import type { Link } from '../../../api/types.ts';

/** The designer's form: a link's saved design, or the API's defaults for a link without one (docs/links.md#qr-design). */
export type QrDraft = Required<Omit<QrDesignInput, 'logo_id'>> & { logo_id: number | null };

const DEFAULT_QR_DRAFT: QrDraft = { fg_color: '#000000', bg_color: '#ffffff', ec_level: 'M', margin: 4, logo_id: null };

export const draftOf = (qr: Link['qr']): QrDraft => (qr ? { ...qr } : DEFAULT_QR_DRAFT);

/** The design as PATCH takes it: a logo always with error correction H, as the server stores it. */
export function designPayload(draft: QrDraft): QrDesignInput {
  const { logo_id, ...design } = draft;
  return logo_id === null ? design : { ...design, ec_level: 'H', logo_id };
}
