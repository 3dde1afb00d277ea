import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { domainsChanged } from './domain-queries.ts';
import { useReporter, type Flash, type ReportMode } from './useFlash.tsx';

/** What a failed request reports: its title, and the text when the answer carries none. */
export interface Failure {
  title: string;
  fallback: string;
}

/**
 * The add, verify, set-active and delete flow the custom-domain and TRAI panels share
 * (docs/web-app.md#custom-domains): one request at a time per row, each outcome reported the
 * mode's way, and after each the lists (a header follows its domain) and the active names
 * read again.
 */
export function useDomainActions<Item extends { id: number }>(mode: ReportMode, onChanged?: () => void) {
  const { flash, report } = useReporter(mode);
  const [adding, setAdding] = useState(false);
  /** The row whose action is under way. */
  const [busy, setBusy] = useState<number | null>(null);
  /** The row waiting for the delete confirmation. */
  const [deleting, setDeleting] = useState<Item | null>(null);

  const changed = async () => {
    await domainsChanged();
    onChanged?.();
  };

  /** Sends a request, reports the outcome it returns (or its failure) and reads the lists again. */
  const attempt = async (request: () => Promise<Flash>, failure: Failure) => {
    try {
      report(await request());
      await changed();
    } catch (error) {
      report({ tone: 'error', title: failure.title, text: errorText(error, failure.fallback) });
    }
  };

  /** The add form's request; `request` clears the form and returns the success to report. */
  const add = async (request: () => Promise<Flash>, failure: Failure) => {
    setAdding(true);
    try {
      await attempt(request, failure);
    } finally {
      setAdding(false);
    }
  };

  /** A row's verify, set-active or delete, the row busy meanwhile. */
  const act = async (item: Item, request: () => Promise<Flash>, failure: Failure) => {
    setBusy(item.id);
    try {
      await attempt(request, failure);
    } finally {
      setBusy(null);
    }
  };

  return { flash, adding, busy, deleting, setDeleting, changed, add, act };
}
