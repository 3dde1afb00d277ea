import type { QrDesignInput, StoredQrDesign } from '@linkledger/contracts';
import { requireFeature } from '../../billing/index.ts';
import { invalid } from '../../commands/domain-error.ts';
import type { Platform } from '../../platform/platform.ts';
import { qrContrastProblem } from '@linkledger/contracts/qr-design-rules';
import { workspaceLogo } from './qr-logos.ts';

/** What a plan without QR customization is told (docs/plans.md#feature-gate). */
export const QR_DESIGN_REFUSAL = 'QR code design (colours and a logo) is available on the Pro and Enterprise plans. Upgrade your plan to brand your QR codes.';

/**
 * A requested QR design as a link stores it (docs/links.md#qr-design): only on a plan with
 * `qr_customization`, in colours a reader can scan, with a logo of the workspace's own; a
 * logo covers the code's centre, so it always gets error correction H.
 */
export async function storedQrDesign(
  platform: Pick<Platform, 'clock' | 'read' | 'events'>,
  workspaceId: number,
  design: QrDesignInput,
): Promise<StoredQrDesign> {
  await requireFeature(platform, workspaceId, 'qr_customization', QR_DESIGN_REFUSAL);
  const faint = qrContrastProblem(design.fg_color, design.bg_color);
  if (faint) throw invalid(faint, 'qr.fg_color');
  const { logo_id, ...colours } = design;
  if (logo_id === undefined) return colours;
  if (!(await workspaceLogo(platform, workspaceId, logo_id))) {
    throw invalid(`QR logo ${logo_id} is not one of this workspace’s logos; upload it first (POST /api/qr-logos).`, 'qr.logo_id');
  }
  return { ...colours, ec_level: 'H', logo_id };
}
