import type { ImportSourceName } from '@linkledger/contracts';

/** What each source asks of the user on the Import screen (docs/import.md#sources). */
interface SourceForm {
  value: ImportSourceName;
  label: string;
  /** The server's address, for sources that run on the user's own server. */
  url: string | null;
  /** How the credential is called there; null for a file. */
  credential: string | null;
}

export const SOURCE_FORMS: readonly SourceForm[] = [
  { value: 'csv', label: 'CSV file', url: null, credential: null },
  { value: 'bitly', label: 'Bitly', url: null, credential: 'Access token' },
  { value: 'shlink', label: 'Shlink', url: 'Shlink server address', credential: 'API key' },
  { value: 'yourls', label: 'YOURLS', url: 'YOURLS address', credential: 'Signature token' },
  { value: 'kutt', label: 'Kutt', url: 'Kutt server address', credential: 'API key' },
];

export const OUTCOME_LABELS = { created: 'Created', code_changed: 'New code', duplicate: 'Already imported', failed: 'Failed' } as const;
