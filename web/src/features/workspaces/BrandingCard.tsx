import { useState } from 'react';
import { Link } from 'react-router';
import { contrastRatio } from '@linkledger/contracts/qr-design-rules';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { InputField } from '../../ui/Field.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { PRICING_HREF, useSubscription } from '../billing/index.ts';
import { ActionStatusLine } from './ActionStatusLine.tsx';
import { useWorkspaceAction } from './use-workspace-action.ts';
import { renamesWorkspace } from './workspace-rules.ts';
import { brandQuery, messageOf, workspacesApi, type BrandView, type Workspace } from './workspaces-api.ts';

interface Draft {
  name: string;
  primaryColor: string;
  backgroundColor: string;
  logoId: number | null;
  /** What the preview shows for the logo: the stored one's address, or the chosen file's. */
  logoSrc: string | null;
}

const EMPTY: Draft = { name: '', primaryColor: '#0d6b5e', backgroundColor: '#f7f8f6', logoId: null, logoSrc: null };
const labelOn = (primary: string) => (contrastRatio(primary, '#ffffff') >= contrastRatio(primary, '#131a18') ? '#ffffff' : '#131a18');

/**
 * Settings → Workspace → Branding (docs/pages.md#white-label): the name, logo and colours visitors
 * see on the workspace's custom domains, with a preview of such a page; an upgrade note on plans
 * without white label.
 */
export function BrandingCard({ workspace }: { workspace: Workspace }) {
  const { subscription } = useSubscription();
  const mayChange = renamesWorkspace(workspace.role);
  const { data, error } = useQuery(brandQuery(workspace.id), () => workspacesApi.brand(workspace.id), { enabled: mayChange });
  const action = useWorkspaceAction('Failed to save the brand. Please try again.');
  if (!mayChange) return null;
  const available = subscription?.features?.white_label === true;
  const stored = data?.brand ?? null;
  return (
    <TitledCard titleId="workspace-branding-title" title="Branding">
      <div className="stack gap-3">
        <p className="workspace-settings__facts">
          On your verified custom domains, every page a visitor can meet (not found, expired, password, bio pages, surveys) shows your name, logo and colours
          instead of ours.
        </p>
        {!available ? (
          <div className="stack gap-2 branding__upgrade" role="note">
            <p>White label is part of the Enterprise plan. Upgrade to show your own brand to visitors.</p>
            <div>
              <Link className="button button--primary button--sm" to={PRICING_HREF}>
                View plans
              </Link>
            </div>
          </div>
        ) : null}
        {error !== undefined && !data ? (
          <p className="status-message tone-error" role="alert">
            {errorText(error, 'Failed to load the brand.')}
          </p>
        ) : null}
        {/* Keyed by what is stored: a save or removal starts the form afresh from it. */}
        <BrandEditor key={JSON.stringify(stored)} workspace={workspace} stored={stored} available={available} action={action} />
      </div>
    </TitledCard>
  );
}

function BrandEditor({
  workspace,
  stored,
  available,
  action: { status, busy, run },
}: {
  workspace: Workspace;
  stored: BrandView | null;
  available: boolean;
  action: ReturnType<typeof useWorkspaceAction>;
}) {
  const [draft, setDraft] = useState<Draft>(() =>
    stored
      ? { name: stored.name, primaryColor: stored.primary_color, backgroundColor: stored.background_color, logoId: stored.logo_id, logoSrc: stored.logo_url }
      : EMPTY,
  );
  const change = (part: Partial<Draft>) => setDraft((before) => ({ ...before, ...part }));
  const refresh = () => invalidate(brandQuery(workspace.id));

  const uploadLogo = (file: File) =>
    run(async () => {
      const logo = await workspacesApi.uploadBrandLogo(workspace.id, file);
      change({ logoId: logo.id, logoSrc: URL.createObjectURL(file) });
      return 'Logo uploaded: save the brand to show it.';
    });
  const save = () =>
    run(async () => {
      await workspacesApi.setBrand(workspace.id, {
        name: draft.name.trim(),
        primary_color: draft.primaryColor,
        background_color: draft.backgroundColor,
        logo_id: draft.logoId,
      });
      return 'Brand saved: visitors on your domains now see it.';
    }, refresh);
  const remove = () => run(async () => messageOf(await workspacesApi.removeBrand(workspace.id)), refresh);

  return (
    <div className="branding">
      <form
        className="stack gap-3 branding__form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <fieldset className="stack gap-3 branding__fields" disabled={!available || busy}>
          <InputField
            id="branding-name"
            label="Name shown to visitors"
            value={draft.name}
            onValue={(name) => change({ name })}
            required
            maxLength={60}
            hint="Up to 60 characters."
          />
          <div className="branding__colors">
            <label className="field branding__color" htmlFor="branding-primary">
              <span className="field__label">Primary colour</span>
              <input id="branding-primary" type="color" value={draft.primaryColor} onChange={(event) => change({ primaryColor: event.target.value })} />
              <span className="field__hint">{draft.primaryColor} · buttons</span>
            </label>
            <label className="field branding__color" htmlFor="branding-background">
              <span className="field__label">Background colour</span>
              <input
                id="branding-background"
                type="color"
                value={draft.backgroundColor}
                onChange={(event) => change({ backgroundColor: event.target.value })}
              />
              <span className="field__hint">{draft.backgroundColor} · behind the card</span>
            </label>
          </div>
          <label className="field" htmlFor="branding-logo">
            <span className="field__label">Logo</span>
            <input
              id="branding-logo"
              type="file"
              accept="image/png,image/jpeg"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void uploadLogo(file);
              }}
            />
            <span className="field__hint">PNG or JPEG, at most 200 KB.</span>
          </label>
        </fieldset>
        <ActionStatusLine status={status} />
        {available ? (
          <div className="cluster gap-2">
            <button type="submit" className="button button--primary" disabled={busy || draft.name.trim() === ''}>
              Save brand
            </button>
            {stored ? (
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => void remove()}>
                Remove brand
              </button>
            ) : null}
          </div>
        ) : null}
      </form>
      <BrandPreview draft={draft} />
    </div>
  );
}

/** What a visitor sees on a password-protected link of the domain, under the brand being edited. */
function BrandPreview({ draft }: { draft: Draft }) {
  return (
    <figure className="branding__preview" aria-label="Preview of a visitor's page" style={{ background: draft.backgroundColor }}>
      <div className="branding__page">
        <p className="branding__brand">
          {draft.logoSrc ? <img src={draft.logoSrc} alt="" /> : null}
          <span>{draft.name.trim() || 'Your name'}</span>
        </p>
        <p className="branding__heading">This link is password protected</p>
        <p className="branding__text">Enter its password to continue.</p>
        <span className="branding__input" aria-hidden="true" />
        <span className="branding__button" style={{ background: draft.primaryColor, color: labelOn(draft.primaryColor) }}>
          Continue
        </span>
      </div>
      <figcaption className="workspace-settings__facts">Preview: a password page on your domain</figcaption>
    </figure>
  );
}
