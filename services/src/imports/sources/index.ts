import { CONTROL_CHARACTERS } from '@linkledger/contracts';
import type { ImportSource, ImportSourceOptions } from '../import-source.ts';
import { bitlySource } from './bitly.ts';
import { ImportSourceError, SOURCE_LABELS } from './import-source-error.ts';
import { kuttSource } from './kutt.ts';
import { shlinkSource } from './shlink.ts';
import type { SourceClient } from './source-request.ts';
import { yourlsSource } from './yourls.ts';

export { ImportSourceError } from './import-source-error.ts';

const IMPORTER_AGENT = 'Mozilla/5.0 (compatible; LinkledgerImporter/1.0)';

type ApiSourceName = 'bitly' | 'shlink' | 'yourls' | 'kutt';

/**
 * The importer source for another shortener's API (docs/import.md#sources). Every request goes
 * through the fetch guard with the user's credential in the header the API reads it from
 * (YOURLS: its query). Fails at once with an ImportSourceError when the address or credential
 * cannot be used at all.
 */
export function openApiSource(name: ApiSourceName, options: ImportSourceOptions): ImportSource {
  const label = SOURCE_LABELS[name];
  // A credential goes into a header or a query: one with line breaks or other controls is none.
  const credential = options.credential.trim();
  if (credential === '' || CONTROL_CHARACTERS.test(credential))
    throw new ImportSourceError(name, 'bad_credential', `That is not a ${label} credential: paste it again, without line breaks.`);
  if (!URL.canParse(options.baseUrl) || !/^https?:$/.test(new URL(options.baseUrl).protocol))
    throw new ImportSourceError(name, 'blocked_address', `That is not the address of a ${label}: give its web address, such as https://short.example.com.`);
  // The address is kept and shown with the job: a secret in it (a user name, a password, a signature in the query) would not be sealed.
  const address = new URL(options.baseUrl);
  if (address.username || address.password || address.search)
    throw new ImportSourceError(
      name,
      'blocked_address',
      `Give the address of your ${label} without a user name, password or query: the credential goes in its own field.`,
    );
  const client = (headers: Record<string, string>): SourceClient => ({
    source: name,
    // Said plainly, so the other side's logs show who reads its API.
    headers: { 'user-agent': IMPORTER_AGENT, ...headers },
    ...(options.network ? { network: options.network } : {}),
  });
  switch (name) {
    case 'bitly':
      return bitlySource(options.baseUrl, client({ authorization: `Bearer ${credential}` }));
    case 'shlink':
      return shlinkSource(options.baseUrl, client({ 'x-api-key': credential }));
    case 'yourls':
      return yourlsSource(options.baseUrl, client({}), credential);
    case 'kutt':
      return kuttSource(options.baseUrl, client({ 'x-api-key': credential }));
  }
}
