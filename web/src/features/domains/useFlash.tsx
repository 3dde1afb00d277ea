import { useCallback, useEffect, useState } from 'react';
import { AlertIcon, CheckIcon } from '../../ui/icons.tsx';
import { toast } from '../../ui/toasts.ts';
import { SUCCESS_CLEAR_MS } from './domain-rules.ts';

export interface Flash {
  tone: 'success' | 'error';
  /** A toast's title (Developer Tools); the page shows only the text. */
  title: string;
  text: string;
}

/** Where a panel reports outcomes: a line on the Custom Domains page, toasts in Developer Tools. */
export type ReportMode = 'page' | 'toasts';

/** An action's outcome line: a success goes after 5 seconds, a failure stays until the next action. */
export function useFlash(): { flash: Flash | null; show(flash: Flash | null): void } {
  const [flash, setFlash] = useState<Flash | null>(null);
  useEffect(() => {
    if (flash?.tone !== 'success') return;
    const timer = setTimeout(() => setFlash(null), SUCCESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  const show = useCallback((next: Flash | null) => setFlash(next), []);
  return { flash, show };
}

/** Reports outcomes the mode's way; `flash` is what the page shows (always null with toasts). */
export function useReporter(mode: ReportMode): { flash: Flash | null; report(flash: Flash | null): void } {
  const { flash, show } = useFlash();
  const report = useCallback(
    (next: Flash | null) => {
      if (mode === 'page') show(next);
      else if (next) toast(next.title, next.tone, next.text);
    },
    [mode, show],
  );
  return { flash, report };
}

/** The outcome line itself, announced: politely for a success, at once for a failure. */
export function FlashLine({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  const success = flash.tone === 'success';
  return (
    <div className={`banner banner--${success ? 'success' : 'error'} domains__flash`} role={success ? 'status' : 'alert'} data-tone={flash.tone}>
      {success ? <CheckIcon /> : <AlertIcon />}
      <p className="banner__body">{flash.text}</p>
    </div>
  );
}
