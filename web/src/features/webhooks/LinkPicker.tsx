import { useDeferredValue, useId, useState } from 'react';
import { WEBHOOK_CLICK_LINKS_MAX } from '@linkledger/contracts';
import { linksApi } from '../../api/endpoints.ts';
import { useQuery } from '../../api/query.ts';
import { ErrorLine } from '../../ui/Field.tsx';

/** How many of the workspace's links the picker lists at once; the search narrows them down. */
const SHOWN = 20;

interface LinkPickerProps {
  workspaceId: number;
  chosen: number[];
  onChange(chosen: number[]): void;
  error?: string | undefined;
}

/**
 * The links whose clicks a webhook hears: the workspace's links, searchable, each a checkbox.
 * Chosen links stay listed (by their number when the search hides them), so none is dropped unseen.
 */
export function LinkPicker({ workspaceId, chosen, onChange, error }: LinkPickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const wanted = useDeferredValue(search.trim());
  const { data, loading } = useQuery(['webhook-link-picker', workspaceId, wanted], () => linksApi.list({ skip: 0, limit: SHOWN, search: wanted || undefined }));
  const links = data?.urls ?? [];
  const hidden = chosen.filter((linkId) => !links.some((link) => link.id === linkId));
  const toggle = (linkId: number, on: boolean) => onChange(on ? [...chosen, linkId] : chosen.filter((each) => each !== linkId));

  return (
    <fieldset className="webhook-links" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">Links whose clicks it hears</legend>
      <label className="visually-hidden" htmlFor={`${id}-search`}>
        Search links
      </label>
      <input
        id={`${id}-search`}
        className="input"
        type="search"
        placeholder="Search links by title, code or destination"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="webhook-links__list" aria-busy={loading}>
        {hidden.map((linkId) => (
          <label key={linkId} className="checkbox">
            <input type="checkbox" checked onChange={() => toggle(linkId, false)} />
            <span>Link #{linkId}</span>
          </label>
        ))}
        {links.map((link) => (
          <label key={link.id} className="checkbox">
            <input type="checkbox" checked={chosen.includes(link.id)} onChange={(event) => toggle(link.id, event.target.checked)} />
            <span className="webhook-links__link">
              <span className="webhook-links__title">{link.title || link.short_code}</span>
              <span className="webhook-links__url">{link.short_url}</span>
            </span>
          </label>
        ))}
        {data && links.length === 0 && hidden.length === 0 ? <p className="webhook-links__empty">No links match.</p> : null}
      </div>
      <p className="field__hint">
        {chosen.length} of at most {WEBHOOK_CLICK_LINKS_MAX} links chosen.
      </p>
      <ErrorLine id={`${id}-error`}>{error}</ErrorLine>
    </fieldset>
  );
}
