import type { ImportedLink, ImportSource } from '../../imports/import-source.ts';
import { ImportSourceError, openApiSource } from '../../imports/sources/index.ts';
import { testNetwork } from '../page-server.ts';
import type { StandIn } from './stand-in-server.ts';

/** Every page of a source from the start: the links in order, the cursor each page ended with, the totals it gave. */
export async function readAllPages(source: ImportSource, cursor: string | null = null) {
  const links: ImportedLink[] = [];
  const cursors: (string | null)[] = [];
  const totals: (number | undefined)[] = [];
  for (let pages = 0; pages < 1_000; pages++) {
    const page = await source.page(cursor);
    links.push(...page.links);
    cursors.push(page.next);
    totals.push(page.total);
    if (page.next === null) return { links, cursors, totals };
    cursor = page.next;
  }
  throw new Error('The source never said it was done');
}

/** The ImportSourceError a read fails with (any other outcome fails the test). */
export async function sourceFailure(read: Promise<unknown>): Promise<ImportSourceError> {
  const outcome = await read.then(
    () => new Error('The read succeeded'),
    (error: unknown) => error,
  );
  if (outcome instanceof ImportSourceError) return outcome;
  throw outcome;
}

/** Text a hostile source could send: markup, a header injection, far past any limit. */
export const HOSTILE_TEXT = `<script>alert("x")</script>\r\nSet-Cookie: a=1\t${'T'.repeat(100_000)}`;
/** The same as one plain line, before it is cut. */
export const HOSTILE_LINE = `<script>alert("x")</script> Set-Cookie: a=1 ${'T'.repeat(100_000)}`;
/** Tags a hostile source could send: markup, line breaks, one far too long, repeats in other letter case, and too many. */
export const HOSTILE_TAGS = ['<b>vip</b>', 'spring\r\nsale', 'x'.repeat(5_000), '<B>VIP</B>', '', ...Array.from({ length: 40 }, (_, index) => `tag ${index}`)];
/** What the hostile tags come through as: plain lines, each at most 50 characters, each once, at most 20. */
export const HOSTILE_TAGS_READ = ['<b>vip</b>', 'spring sale', 'x'.repeat(50), ...Array.from({ length: 17 }, (_, index) => `tag ${index}`)];

/** `name` opened on a stand-in at `path`, the stand-in reached as `host` through a network that exempts only it. */
export function openOnStandIn(name: Parameters<typeof openApiSource>[0], standIn: StandIn, host: string, credential: string, path = '') {
  const network = testNetwork({ [host]: '127.0.0.1' }, [standIn.server]);
  return openApiSource(name, { baseUrl: `http://${host}:${standIn.server.port}${path}`, credential, network });
}

/**
 * How a source fares with an address on a private network, and with the stand-in's own address
 * (`host` at loopback) on a network that does not exempt it: the reasons each read failed for,
 * and how many requests reached the stand-in meanwhile.
 */
export async function privateAddressOutcome(name: Parameters<typeof openApiSource>[0], standIn: StandIn, host: string, credential: string) {
  const before = standIn.server.hits.length;
  const network = testNetwork({ [host]: '127.0.0.1', 'intranet.test': '10.0.0.7' });
  const reasons: string[] = [];
  for (const baseUrl of ['http://intranet.test/', `http://${host}:${standIn.server.port}/`])
    reasons.push((await sourceFailure(openApiSource(name, { baseUrl, credential, network }).page(null))).reason);
  return { reasons, requests: standIn.server.hits.length - before };
}
