import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { linksApi } from '../../api/endpoints.ts';
import type { Link, LinkList } from '../../api/types.ts';
import { DownloadIcon } from '../../ui/icons.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toasts.ts';
import { exportFileName, linksCsv } from './export-csv.ts';
import { labelParams, type LinkQuery } from './list-query.ts';
import { PRICING_HREF } from '../billing/index.ts';
import type { ExportUpsell } from './dashboard-copy.ts';

/** The most links the client-side fallback gathers (pages of 100). */
const FALLBACK_MAX_LINKS = 10_000;

interface ExportButtonProps {
  /** Whether the plan has csv_import_export (false while unknown or when the subscription call failed). */
  allowed: boolean;
  query: LinkQuery;
  /** Links in the current tab under the current filters: 0 means nothing to export. */
  total: number;
  /** What a plan without export is told, in this workspace and role. */
  upsell: ExportUpsell;
}

/** The export's filters: tab, search, domain, tags and folder (docs/links.md#csv-export). */
const exportQuery = (query: LinkQuery) => ({
  tab: query.tab,
  ...(query.search.trim() ? { search: query.search.trim() } : {}),
  ...(query.domain !== 'all' ? { domain: query.domain } : {}),
  ...labelParams(query),
});

/** The export's fallback (docs/links.md#csv-export): the same filters read through the list call, made into a CSV here. */
async function clientSideExport(query: LinkQuery): Promise<Blob> {
  const links: Link[] = [];
  const filters = exportQuery(query);
  for (let skip = 0; skip < FALLBACK_MAX_LINKS; skip += 100) {
    const page: LinkList = await linksApi.list({
      skip,
      limit: 100,
      created_via: filters.tab,
      sort_by: 'newest',
      ...(filters.search ? { search: filters.search } : {}),
      ...(filters.domain ? { domain: filters.domain } : {}),
    });
    links.push(...page.urls);
    if (page.urls.length < 100 || links.length >= page.total) break;
  }
  return new Blob([linksCsv(links)], { type: 'text/csv;charset=utf-8' });
}

/** Export (docs/links.md#csv-export): a CSV download for plans with csv_import_export; others see why not. */
export function ExportButton({ allowed, query, total, upsell }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  const run = async () => {
    if (!allowed) {
      toast('Export Not Available', 'info', upsell.refused);
      return;
    }
    if (total === 0) {
      toast('No URLs to Export', 'info', 'There are no URLs in this view to export.');
      return;
    }
    setBusy(true);
    try {
      let blob: Blob;
      try {
        blob = await linksApi.exportCsv(exportQuery(query));
      } catch (error) {
        // The plan says no: the server decides, and no client-side copy goes around it.
        if (error instanceof ApiError && error.status === 403) {
          toast('Export Not Available', 'info', error.detail ?? upsell.refused);
          return;
        }
        console.error('Export failed; building the CSV in the browser', error);
        blob = await clientSideExport(query);
      }
      saveBlob(blob, exportFileName());
      toast('Export Successful!', 'success', `Saved as ${exportFileName()}.`);
    } catch (error) {
      console.error('Export failed', error);
      toast('Export Failed', 'error', 'Your URLs could not be exported. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="export">
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={() => void run()}
        disabled={busy}
        aria-describedby={allowed ? undefined : hintId}
        data-testid="export-button"
      >
        {busy ? <Spinner size="sm" /> : <DownloadIcon />}
        {busy ? 'Exporting…' : 'Export'}
      </button>
      {allowed ? null : upsell.toPricing ? (
        <RouterLink to={PRICING_HREF} id={hintId} className="export__hint">
          {upsell.hint}
        </RouterLink>
      ) : (
        <p id={hintId} className="export__hint">
          {upsell.hint}
        </p>
      )}
    </div>
  );
}
