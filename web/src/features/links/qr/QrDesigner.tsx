import { useId, useState } from 'react';
import { QR_LOGO_MAX_BYTES, qrContrastProblem } from '@linkledger/contracts/qr-design-rules';
import { errorText } from '../../../api/client.ts';
import { useQuery } from '../../../api/query.ts';
import { blobDataUrl } from '../../../ui/blob-data-url.ts';
import { ErrorLine, FieldFrame } from '../../../ui/Field.tsx';
import { linksApi, qrLogosApi } from '../../../api/endpoints.ts';
import type { Link } from '../../../api/types.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { toast } from '../../../ui/toasts.ts';
import { UpgradeNote } from '../smart-link/ControlSection.tsx';
import { designPayload, draftOf, type QrDraft } from './qr-design-draft.ts';

/** Each error-correction level with how much of the code may be covered or worn and still scan. */
const EC_NAMES: Record<QrDraft['ec_level'], string> = {
  L: 'L (7 %)',
  M: 'M (15 %)',
  Q: 'Q (25 %)',
  H: 'H (30 %)',
};

const EC_LEVELS = Object.keys(EC_NAMES) as QrDraft['ec_level'][];

const QR_DESIGN_UPGRADE = 'QR code design (colours and a logo) is available on Pro and Enterprise plans. Upgrade your plan to brand your QR codes.';

interface QrDesignerProps {
  link: Link;
  /** Whether the plan includes qr_customization: without it the form is shown disabled, with why. */
  allowed: boolean;
  /** The design saved on the link (null: black on white), after Save or Reset. */
  onSaved(qr: Link['qr']): void;
}

/** The logo's picture, read through the API (it needs the session), cached per logo. */
const loadLogo = (logoId: number) => async () => blobDataUrl(await qrLogosApi.image(logoId));

/** A colour picker with the #rrggbb it holds beside it. */
function ColourField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange(value: string): void }) {
  return (
    <FieldFrame id={id} label={label}>
      <span className="qr-designer__colour">
        <input id={id} type="color" value={value} onChange={(event) => onChange(event.target.value)} />
        <code>{value}</code>
      </span>
    </FieldFrame>
  );
}

/**
 * The QR designer (docs/links.md#qr-design): colours, error correction, margin and a logo,
 * saved on the link; the dialog's preview and downloads are then drawn in it by the server.
 * Colours too faint to scan are named as they are chosen, and Save waits until they are not.
 */
export function QrDesigner({ link, allowed, onSaved }: QrDesignerProps) {
  const id = useId();
  const [draft, setDraft] = useState<QrDraft>(() => draftOf(link.qr));
  const [busy, setBusy] = useState<'save' | 'reset' | 'logo' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const logo = useQuery(['qr-logo', draft.logo_id ?? 0], loadLogo(draft.logo_id ?? 0), { enabled: draft.logo_id !== null });
  const logoSrc = draft.logo_id !== null ? logo.data : undefined;
  const contrast = qrContrastProblem(draft.fg_color, draft.bg_color);
  const set = (changes: Partial<QrDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const disabled = !allowed || busy !== null;

  const save = async (qr: ReturnType<typeof designPayload> | null) => {
    setBusy(qr ? 'save' : 'reset');
    setError(null);
    try {
      const saved = await linksApi.update(link.id, { qr });
      setDraft(draftOf(saved.qr));
      onSaved(saved.qr);
      toast(qr ? 'QR Design Saved' : 'QR Design Reset', 'success');
    } catch (failure) {
      setError(errorText(failure, 'The QR design could not be saved. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > QR_LOGO_MAX_BYTES) {
      setError(`The logo is ${Math.ceil(file.size / 1024)} KB; it must be at most ${QR_LOGO_MAX_BYTES / 1024} KB.`);
      return;
    }
    setBusy('logo');
    try {
      const logo = await qrLogosApi.upload(file);
      set({ logo_id: logo.id, ec_level: 'H' });
    } catch (failure) {
      setError(errorText(failure, 'The logo could not be uploaded. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <fieldset className="qr-designer" disabled={disabled} data-testid="qr-designer">
      <legend className="qr-designer__title">Design</legend>
      {allowed ? null : <UpgradeNote text={QR_DESIGN_UPGRADE} />}
      <div className="qr-designer__grid">
        <ColourField id={`${id}-fg`} label="Foreground" value={draft.fg_color} onChange={(fg_color) => set({ fg_color })} />
        <ColourField id={`${id}-bg`} label="Background" value={draft.bg_color} onChange={(bg_color) => set({ bg_color })} />
        <div className="field">
          <label className="field__label" htmlFor={`${id}-ec`}>
            Error correction
          </label>
          <select
            id={`${id}-ec`}
            className="input"
            value={draft.logo_id === null ? draft.ec_level : 'H'}
            disabled={draft.logo_id !== null}
            onChange={(event) => set({ ec_level: event.target.value as QrDraft['ec_level'] })}
          >
            {EC_LEVELS.map((level) => (
              <option key={level} value={level}>
                {EC_NAMES[level]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-margin`}>
            Margin (modules)
          </label>
          <input
            id={`${id}-margin`}
            className="input"
            type="number"
            min={0}
            max={16}
            value={draft.margin}
            onChange={(event) => set({ margin: Math.max(0, Math.min(16, Math.round(Number(event.target.value) || 0))) })}
          />
        </div>
      </div>
      {contrast ? (
        <p className="field__error" role="alert" data-testid="qr-contrast-warning">
          {contrast}
        </p>
      ) : null}
      <div className="field qr-designer__logo">
        <label className="field__label" htmlFor={`${id}-logo`}>
          Logo <span className="field__optional">(PNG or JPEG, up to 200 KB)</span>
        </label>
        <div className="qr-designer__logo-row">
          {draft.logo_id !== null ? (
            <>
              {logoSrc ? <img className="qr-designer__logo-preview" src={logoSrc} alt="Your logo" data-testid="qr-logo-preview" /> : <Spinner size="sm" />}
              <button type="button" className="button button--secondary button--sm" onClick={() => set({ logo_id: null })}>
                Remove logo
              </button>
            </>
          ) : null}
          <input id={`${id}-logo`} type="file" accept="image/png,image/jpeg" onChange={(event) => void upload(event.target.files?.[0])} />
          {busy === 'logo' ? <Spinner size="sm" /> : null}
        </div>
        <p className="field__hint">A logo sits in the centre; error correction is then H, so the code still scans.</p>
      </div>
      <ErrorLine>{error}</ErrorLine>
      <div className="cluster gap-2 qr-designer__actions">
        <button type="button" className="button button--secondary" onClick={() => void save(null)} disabled={disabled || link.qr === null}>
          {busy === 'reset' ? <Spinner size="sm" /> : null}
          Reset to black and white
        </button>
        <button type="button" className="button button--primary" onClick={() => void save(designPayload(draft))} disabled={disabled || contrast !== null}>
          {busy === 'save' ? <Spinner size="sm" /> : null}
          Save design
        </button>
      </div>
    </fieldset>
  );
}
