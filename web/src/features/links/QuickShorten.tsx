import { useEffect, useId, useState, type FormEvent } from 'react';
import { linksApi } from '../../api/endpoints.ts';
import type { Link } from '../../api/types.ts';
import { CheckIcon, CopyIcon, LinkIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { copyWithToast } from './browser.ts';
import { displayUrl } from './list-query.ts';
import { INVALID_RESPONSE, QUICK_SHORTEN_PROMPT, SUCCESS_DISPLAY_MS, prepareQuickShorten, quickShortenError } from './quick-shorten.ts';
import { VERBATIM_INPUT } from '../../ui/Field.tsx';

type QuickState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'success'; link: Link } | { kind: 'error'; message: string };

/** Paste a long URL, get a short one; the result shows for 3 seconds (docs/links.md#quick-shorten). */
export function QuickShorten({ onCreated, create = linksApi.create }: { onCreated(link: Link): void; create?: typeof linksApi.create }) {
  const [value, setValue] = useState('');
  const [state, setState] = useState<QuickState>({ kind: 'idle' });
  const inputId = useId();
  const messageId = useId();

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(() => setState({ kind: 'idle' }), SUCCESS_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'busy') return;
    const input = prepareQuickShorten(value);
    if (!input.ok) return setState({ kind: 'error', message: input.error });
    setState({ kind: 'busy' });
    try {
      const link = await create({ original_url: input.url, title: input.title });
      if (!link || typeof link.short_code !== 'string' || !link.short_code) throw new Error(INVALID_RESPONSE);
      setValue('');
      setState({ kind: 'success', link });
      onCreated(link);
    } catch (error) {
      setState({ kind: 'error', message: quickShortenError(error) });
    }
  };

  const busy = state.kind === 'busy';
  return (
    <section className="card quick-shorten" aria-labelledby={`${inputId}-title`}>
      <div className="quick-shorten__head">
        <span className="quick-shorten__icon" aria-hidden="true">
          <LinkIcon />
        </span>
        <div>
          <h2 id={`${inputId}-title`} className="card__title">
            Quick shorten
          </h2>
          <p className="card__subtitle">No http:// needed: https:// is added for you.</p>
        </div>
      </div>
      <form className="quick-shorten__form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          {QUICK_SHORTEN_PROMPT}
        </label>
        <input
          id={inputId}
          className="input quick-shorten__input"
          type="text"
          inputMode="url"
          {...VERBATIM_INPUT}
          placeholder={QUICK_SHORTEN_PROMPT}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (state.kind === 'error') setState({ kind: 'idle' });
          }}
          aria-invalid={state.kind === 'error'}
          aria-describedby={messageId}
          disabled={busy}
        />
        <button type="submit" className="button button--primary quick-shorten__button" disabled={busy}>
          {busy ? <Spinner size="sm" /> : null}
          {busy ? 'Shortening…' : 'Shorten'}
        </button>
      </form>
      <div id={messageId} className="quick-shorten__message" aria-live="polite">
        {state.kind === 'error' ? (
          <p className="field__error" role="alert">
            {state.message}
          </p>
        ) : null}
        {state.kind === 'success' ? (
          <p className="quick-shorten__result" data-testid="quick-result">
            <CheckIcon />
            <span>Your short link is ready:</span>
            <a href={state.link.short_url} target="_blank" rel="noopener" className="quick-shorten__short">
              {displayUrl(state.link.short_url)}
            </a>
            <button type="button" className="button button--secondary button--sm" onClick={() => void copyWithToast(state.link.short_url)}>
              <CopyIcon />
              Copy
            </button>
          </p>
        ) : null}
      </div>
    </section>
  );
}
