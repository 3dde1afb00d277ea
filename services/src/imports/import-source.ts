import type { ImportSourceName } from '@linkledger/contracts';
import type { SafeFetchNetwork } from '../platform/safe-fetch.ts';

/**
 * What an importer reads from another shortener (docs/import.md), whatever its API: one
 * page of links at a time, so a job records its place after each page and a restart resumes
 * after the last page it finished.
 */
export interface ImportSource {
  readonly name: ImportSourceName;
  /** The first page when `cursor` is null, else the page after it; `next` is null after the last. */
  page(cursor: string | null): Promise<ImportPage>;
}

export interface ImportPage {
  links: ImportedLink[];
  next: string | null;
  /** How many links the source holds in all, when it says (for the progress bar). */
  total?: number;
}

/** One link as the source has it, in our terms. */
export interface ImportedLink {
  /** Its address there, e.g. "https://bit.ly/abc123": the result file maps it to the new one. */
  shortUrl: string;
  /** Its code there; kept when free on the target domain, else a new one is drawn. */
  code: string;
  /** The domain it was served on there (null: the source's default domain). */
  domain: string | null;
  destination: string;
  title: string;
  tags: string[];
  /** ISO instants, when the source has them. */
  createdAt: string | null;
  startsAt: string | null;
  expiresAt: string | null;
  maxClicks: number | null;
  /** Every click the source counted. */
  clicks: number;
  /** The visits the source lists one by one (Shlink); empty where it only counts (YOURLS, Bitly, Kutt). */
  visits: ImportedVisit[];
}

export interface ImportedVisit {
  /** ISO instant. */
  at: string;
  /** ISO 3166 alpha-2, or '' when unknown. */
  country: string;
  /** The referrer's host, or '' for direct visits. */
  referrer: string;
  userAgent: string;
}

/** What a source is opened with: where it is, the user's credential, and the network (every request goes through safeFetch). */
export interface ImportSourceOptions {
  /** The source's API address: fixed for Bitly (BITLY_API_URL overrides it), the user's server for the others. */
  baseUrl: string;
  /** The user's token, key or signature; never logged, stored only sealed. */
  credential: string;
  network?: SafeFetchNetwork;
}
