import type { ImportStarted } from '@linkledger/contracts';
import { invalid } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { perPlatform } from '../platform/per-platform.ts';
import type { SafeFetchNetwork } from '../platform/safe-fetch.ts';
import { decryptSecret } from '../platform/secret-box.ts';
import { csvSource } from './csv-source.ts';
import type { ImportSource } from './import-source.ts';
import { ImportSourceError, openApiSource } from './sources/index.ts';

/** The secret box's purpose for import credentials (platform/secret-box.ts): sealed when a job starts, opened only to open its source. */
export const IMPORT_CREDENTIAL_PURPOSE = 'import-credential';

/** The network the API sources fetch through: the system's; a test sets one whose names lead to its own stand-in servers. */
export const importNetwork = perPlatform<SafeFetchNetwork | undefined>(() => undefined);

/**
 * The one place a job's source is chosen by its name (docs/import.md#sources). A CSV file is
 * read from the file uploaded with the job; an API source (Bitly, Shlink, YOURLS, Kutt) is
 * opened with the job's address (Bitly's: BITLY_API_URL) and its credential unsealed. A source
 * that cannot be opened at all is refused with a 400 naming the field to correct.
 */
export function openImportSource(platform: Platform, job: Pick<ImportStarted, 'source' | 'base_url' | 'credential_sealed'>, file: string | null): ImportSource {
  if (job.source === 'csv') return csvSource(file ?? '');
  const credential = job.credential_sealed ? decryptSecret(platform.secret, IMPORT_CREDENTIAL_PURPOSE, job.credential_sealed) : '';
  const baseUrl = job.source === 'bitly' ? platform.config.BITLY_API_URL : job.base_url;
  const network = importNetwork(platform);
  try {
    return openApiSource(job.source, { baseUrl, credential, ...(network ? { network } : {}) });
  } catch (error) {
    if (error instanceof ImportSourceError) throw invalid(error.message, error.reason === 'bad_credential' ? 'credential' : 'url');
    throw error;
  }
}
