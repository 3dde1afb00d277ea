import { useId, useState } from 'react';
import { useQuery } from '../../api/query.ts';
import { linksApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/client.ts';
import type { Link } from '../../api/types.ts';
import { DownloadIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { blobDataUrl } from '../../ui/blob-data-url.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toasts.ts';
import { useSubscription } from '../billing/index.ts';
import { linkName } from './LinkActions.tsx';
import { displayUrl } from './list-query.ts';
import { linksChanged } from './link-queries.ts';
import { QrDesigner } from './qr/QrDesigner.tsx';

/** The QR image's pixel size: crisp at the 256 px it is shown, and a good print size. */
const QR_SIZE = 512;
/** The sizes a download may be drawn at (the API takes 128 to 1024). */
const DOWNLOAD_SIZES = [256, 512, 1024] as const;

interface QrImage {
  png: Blob;
  /** A data: address, so the cached image needs no object URL to release. */
  src: string;
}

/** The PNG shown in the dialog, cached per link. */
const loadQr = (linkId: number) => async (): Promise<QrImage> => {
  try {
    const png = await linksApi.qr(linkId, 'png', QR_SIZE);
    return { png, src: await blobDataUrl(png) };
  } catch (error) {
    console.error('QR code failed', error);
    throw error;
  }
};

/** The QR code of a link in its saved design, the designer, and PNG and SVG downloads (docs/links.md#qr-design). */
export function QrModal({ link: shown, onClose }: { link: Link | null; onClose(): void }) {
  const [downloading, setDownloading] = useState<'png' | 'svg' | null>(null);
  const [downloadSize, setDownloadSize] = useState(QR_SIZE);
  const sizeId = useId();
  // The design saved here since the dialog opened (the list's copy of the link catches up after).
  const [saved, setSaved] = useState<{ linkId: number; qr: Link['qr'] } | null>(null);
  const link = shown && saved?.linkId === shown.id ? { ...shown, qr: saved.qr } : shown;
  const canDesign = useSubscription().subscription?.features?.qr_customization === true;
  const linkId = link?.id ?? 0;
  const qr = useQuery(['qr', linkId, JSON.stringify(link?.qr ?? null)], loadQr(linkId), { enabled: link !== null });
  const image = link ? qr.data : undefined;
  const failed = link && qr.error !== undefined && !qr.data ? errorText(qr.error, 'The QR code could not be loaded. Please try again.') : null;

  const download = async (format: 'png' | 'svg') => {
    if (!link) return;
    setDownloading(format);
    try {
      const blob = format === 'png' && image && downloadSize === QR_SIZE ? image.png : await linksApi.qr(link.id, format, downloadSize);
      saveBlob(blob, `qr-${link.short_code}.${format}`);
    } catch (error) {
      toast('Download Failed', 'error', errorText(error, 'The QR code could not be downloaded. Please try again.'));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Modal
      title="QR Code"
      open={link !== null}
      onClose={onClose}
      size="md"
      footer={
        <>
          <label className="qr__size" htmlFor={sizeId}>
            Size
            <select id={sizeId} className="input" value={downloadSize} onChange={(event) => setDownloadSize(Number(event.target.value))}>
              {DOWNLOAD_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} px
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button button--secondary" onClick={() => void download('svg')} disabled={downloading !== null}>
            {downloading === 'svg' ? <Spinner size="sm" /> : <DownloadIcon />}
            Download SVG
          </button>
          <button type="button" className="button button--primary" onClick={() => void download('png')} disabled={downloading !== null}>
            {downloading === 'png' ? <Spinner size="sm" /> : <DownloadIcon />}
            Download PNG
          </button>
        </>
      }
    >
      {link ? (
        <div className="qr">
          <div className="qr__frame" aria-live="polite" aria-busy={!image && !failed}>
            {failed ? (
              <p className="field__error" role="alert">
                {failed}
              </p>
            ) : !image ? (
              <span className="qr__loading">
                <Spinner size="lg" />
                <span className="visually-hidden">Loading the QR code…</span>
              </span>
            ) : (
              <img className="qr__image" src={image.src} width={256} height={256} alt={`QR code for ${displayUrl(link.short_url)}`} />
            )}
          </div>
          <p className="qr__name">{linkName(link)}</p>
          <p className="qr__url">{displayUrl(link.short_url)}</p>
          <p className="field__hint qr__hint">
            Scans count as clicks and show in the link’s analytics as QR code scans. Use the SVG for sharp print at any size.
          </p>
          <QrDesigner
            key={link.id}
            link={link}
            allowed={canDesign}
            onSaved={(qr) => {
              setSaved({ linkId: link.id, qr });
              void linksChanged();
            }}
          />
        </div>
      ) : null}
    </Modal>
  );
}
