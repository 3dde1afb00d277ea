import { describe, expect, it } from 'vitest';
import type { QrLogoUploaded } from '@linkledger/contracts';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { QR_LOGOS_PER_WORKSPACE, uploadQrLogoDecider, uploadedLogoId, type UploadQrLogo } from './qr-logo-deciders.ts';

const image = (n: number): UploadQrLogo => ({
  workspace_id: 7,
  content_type: 'image/png',
  width: 64,
  height: 64,
  sha256: n.toString(16).padStart(64, '0'),
  image_base64: `image-${n}`,
});
const uploaded = (n: number, logo_id = n) => ({ type: 'QrLogoUploaded' as const, data: { ...image(n), logo_id } satisfies QrLogoUploaded });

describe('uploading a QR logo', () => {
  const uploads = deciderSpec(uploadQrLogoDecider);

  it('given no logos, when one is uploaded, then it is stored as logo 1', () => {
    uploads
      .given([])
      .when(image(1))
      .then([uploaded(1)]);
  });

  it('given logos, when a new image is uploaded, then it gets the next id', () => {
    uploads
      .given([uploaded(1), uploaded(2)])
      .when(image(3))
      .then([uploaded(3)]);
  });

  it('given the same image stored, when it is uploaded again, then nothing is stored and the first id answers', () => {
    uploads
      .given([uploaded(1), uploaded(2)])
      .when(image(1))
      .then([]);
    expect(uploadedLogoId(uploads.given([uploaded(1), uploaded(2)]).state, image(1))).toBe(1);
    expect(uploadedLogoId(uploads.given([uploaded(1), uploaded(2)]).state, image(9))).toBe(3);
  });

  it('given a full workspace, when another image is uploaded, then it is refused', () => {
    const full = Array.from({ length: QR_LOGOS_PER_WORKSPACE }, (_, i) => uploaded(i + 1));
    uploads
      .given(full)
      .when(image(QR_LOGOS_PER_WORKSPACE + 1))
      .thenThrows(`A workspace keeps at most ${QR_LOGOS_PER_WORKSPACE} QR logos`);
    uploads.given(full).when(image(1)).then([]);
  });
});
