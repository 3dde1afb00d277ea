import { useEffect, useId, useState, type FormEvent } from 'react';
import { BIO_THEMES, bioThemeProblem, type BioTheme } from '@linkledger/contracts/bio-themes';
import { errorText } from '../../api/client.ts';
import { linksApi } from '../../api/endpoints.ts';
import { useQuery } from '../../api/query.ts';
import { ErrorLine, InputField, TextareaField, VERBATIM_INPUT } from '../../ui/Field.tsx';
import { toast } from '../../ui/toasts.ts';
import { bioPagesApi, bioPagesChanged, type BioPage, type BioPageDraft } from './bio-pages-api.ts';

/** The links the picker offers: the workspace's newest hundred (the API's largest page). */
const LINK_CHOICES = { skip: 0, limit: 100 } as const;
/** How long the preview waits after the last keystroke before it asks the server again. */
const PREVIEW_DELAY_MS = 250;
const THEME_NAMES = Object.keys(BIO_THEMES) as (keyof typeof BIO_THEMES)[];
const COLOUR_FIELDS: { key: keyof BioTheme; label: string }[] = [
  { key: 'background', label: 'Background' },
  { key: 'text', label: 'Text' },
  { key: 'button', label: 'Buttons' },
  { key: 'button_text', label: 'Button text' },
];

const draftOf = (page: BioPage | null): BioPageDraft => ({
  slug: page?.slug ?? '',
  title: page?.title ?? '',
  bio: page?.bio ?? '',
  links: page?.links.map((link) => link.id) ?? [],
  theme: page?.theme ?? BIO_THEMES.paper,
});

/**
 * Makes or edits a page: its fields on the left, and on the right the page itself as visitors
 * will see it — the server's own HTML for the draft, in a frame the size of a phone.
 */
export function BioPageEditor({ workspaceId, page, onDone }: { workspaceId: number; page: BioPage | null; onDone(): void }) {
  const id = useId();
  const [draft, setDraft] = useState<BioPageDraft>(() => draftOf(page));
  const [saved, setSaved] = useState<BioPage | null>(page);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const links = useQuery(['bio-pages', workspaceId, 'link-choices'], () => linksApi.list(LINK_CHOICES));
  const preview = usePreview(workspaceId, draft, saved);
  const themeProblem = bioThemeProblem(draft.theme);
  const set = <K extends keyof BioPageDraft>(key: K, value: BioPageDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const toggleLink = (linkId: number) => set('links', draft.links.includes(linkId) ? draft.links.filter((each) => each !== linkId) : [...draft.links, linkId]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = saved ? await bioPagesApi.update(workspaceId, saved.id, draft) : await bioPagesApi.create(workspaceId, draft);
      setSaved(answer);
      await bioPagesChanged();
      toast(saved ? 'Page Saved' : 'Page Created', 'success', answer.url);
    } catch (failure) {
      setError(errorText(failure, 'The page could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const uploadAvatar = async (file: File | undefined) => {
    if (!file || !saved) return;
    try {
      const { avatar_url } = await bioPagesApi.uploadAvatar(workspaceId, saved.id, file);
      setSaved({ ...saved, avatar_url });
      await bioPagesChanged();
      toast('Avatar Saved', 'success');
    } catch (failure) {
      toast('Avatar Not Saved', 'error', errorText(failure, 'The image could not be uploaded. Please try again.'));
    }
  };

  return (
    <section className="card bio-editor" aria-labelledby={`${id}-title`}>
      <form className="bio-editor__form stack gap-3" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="card__title">
          {saved ? `Edit ${saved.title}` : 'New page'}
        </h2>
        <InputField
          id={`${id}-slug`}
          label="Address"
          hint={saved ? saved.url : `${window.location.origin}/${draft.slug || 'your-name'}`}
          value={draft.slug}
          onValue={(value) => set('slug', value.trim())}
          required
          {...VERBATIM_INPUT}
        />
        <InputField id={`${id}-title-field`} label="Title" value={draft.title} onValue={(value) => set('title', value)} maxLength={80} required />
        <TextareaField id={`${id}-bio`} label="Bio" value={draft.bio} onValue={(value) => set('bio', value)} maxLength={300} rows={3} />
        <fieldset className="bio-editor__fieldset">
          <legend className="field__label">Links</legend>
          {links.data?.urls.length === 0 ? <p className="field__hint">No short links yet: make some on the dashboard first.</p> : null}
          <ul className="bio-editor__links">
            {links.data?.urls.map((link) => (
              <li key={link.id}>
                <label className="bio-editor__link">
                  <input type="checkbox" checked={draft.links.includes(link.id)} onChange={() => toggleLink(link.id)} />
                  <span className="bio-editor__link-title">{link.title || link.short_code}</span>
                  <span className="bio-editor__link-url">{link.short_url}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset className="bio-editor__fieldset">
          <legend className="field__label">Theme</legend>
          <div className="bio-editor__themes" role="radiogroup" aria-label="Named themes">
            {THEME_NAMES.map((name) => {
              const theme = BIO_THEMES[name];
              const chosen = COLOUR_FIELDS.every(({ key }) => theme[key] === draft.theme[key]);
              return (
                <button
                  key={name}
                  type="button"
                  role="radio"
                  aria-checked={chosen}
                  className="bio-editor__theme"
                  style={{ background: theme.background, color: theme.text, borderColor: chosen ? theme.button : undefined }}
                  onClick={() => set('theme', theme)}
                >
                  <span className="bio-editor__theme-button" style={{ background: theme.button, color: theme.button_text }}>
                    Aa
                  </span>
                  {name}
                </button>
              );
            })}
          </div>
          <div className="bio-editor__colours">
            {COLOUR_FIELDS.map(({ key, label }) => (
              <label key={key} className="bio-editor__colour">
                <input type="color" value={draft.theme[key]} onChange={(event) => set('theme', { ...draft.theme, [key]: event.target.value })} />
                {label}
              </label>
            ))}
          </div>
          <ErrorLine>{themeProblem}</ErrorLine>
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-avatar`}>
            Avatar
          </label>
          <input
            id={`${id}-avatar`}
            type="file"
            accept="image/png,image/jpeg"
            disabled={!saved}
            onChange={(event) => void uploadAvatar(event.target.files?.[0])}
          />
          <p className="field__hint">{saved ? 'A PNG or JPEG, at most 200 KB.' : 'Save the page first, then add its avatar.'}</p>
        </div>
        <ErrorLine>{error}</ErrorLine>
        <div className="bio-editor__buttons">
          <button type="button" className="button button--ghost" onClick={onDone}>
            {saved ? 'Done' : 'Cancel'}
          </button>
          <button type="submit" className="button button--primary" disabled={busy || themeProblem !== null}>
            {saved ? 'Save page' : 'Create page'}
          </button>
        </div>
      </form>
      <div className="bio-editor__preview">
        <p className="field__label" id={`${id}-preview`}>
          Preview
        </p>
        {/* No script may run in it (the page has none); same origin so the browser paints it like the page around it. Taps do
            nothing: a preview's tap must not count as a click of the link. */}
        <iframe
          className="bio-editor__phone"
          title="Preview of the page"
          aria-describedby={`${id}-preview`}
          sandbox="allow-same-origin"
          tabIndex={-1}
          srcDoc={preview ?? ''}
        />
      </div>
    </section>
  );
}

/** The server's HTML of the draft, asked again a moment after each change; the last good one stays while a draft cannot be shown. */
function usePreview(workspaceId: number, draft: BioPageDraft, saved: BioPage | null): string | null {
  const [html, setHtml] = useState<string | null>(null);
  const avatar = saved?.avatar_url ?? null;
  const { title, bio, links, theme } = draft;
  const request = JSON.stringify({ title: title.trim() || 'Your title', bio, links, theme, ...(saved ? { page_id: saved.id } : {}) });
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      bioPagesApi
        .preview(workspaceId, JSON.parse(request) as Parameters<typeof bioPagesApi.preview>[1])
        .then((answer) => current && setHtml(answer.html))
        .catch(() => undefined);
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [workspaceId, request, avatar]);
  return html;
}
