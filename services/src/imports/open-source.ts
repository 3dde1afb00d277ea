import type { ImportStarted } from '@linkledger/contracts';
import { invalid } from '../commands/domain-error.ts';
import { csvSource } from './csv-source.ts';
import type { ImportSource } from './import-source.ts';

/** The secret box's purpose for import credentials (platform/secret-box.ts): sealed when a job starts, opened only to open its source. */
export const IMPORT_CREDENTIAL_PURPOSE = 'import-credential';

/**
 * The one place a job's source is chosen by its name (docs/import.md#sources). A CSV file is
 * read from the file uploaded with the job. The API sources (Bitly, Shlink, YOURLS, Kutt) are to be opened here
 * with the job's address and its credential unsealed (IMPORT_CREDENTIAL_PURPOSE); until their
 * importers are part of this installation, starting a job from one is refused.
 */
export function openImportSource(job: Pick<ImportStarted, 'source' | 'base_url' | 'credential_sealed'>, file: string | null): ImportSource {
  if (job.source === 'csv') return csvSource(file ?? '');
  throw invalid(`Importing from ${job.source} is not available on this installation yet.`, 'source');
}
