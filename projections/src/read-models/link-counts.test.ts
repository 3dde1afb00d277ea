import { currentVersion, type DomainEvent, type RecordedEvent } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { projectReadModel } from '../testing/project-read-model.ts';
import { apiReadModel } from './api-read-model.ts';
import { LINKS, LINK_TOTALS, type LinkTotalsView, type LinkView } from './links.ts';
import { ReadModelTarget } from './read-model-target.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const OWNER = 1;

/** The events as the log numbers them, one minute apart, from position `from`. */
function logged(events: DomainEvent[], from = 1): RecordedEvent[] {
  return events.map((event, i) => ({
    id: `e${from + i}`,
    stream: event.type === 'Clicked' ? `clicks-${event.data.link_id}` : 'link',
    revision: i,
    position: from + i,
    type: event.type,
    version: currentVersion[event.type],
    data: event.data,
    metadata: { actor: { kind: 'user', id: '1' }, correlation_id: 'c', causation_id: 'c', at: new Date(Date.UTC(2026, 10, 28, 10, from + i)).toISOString() },
  }));
}

const created = (linkId: number): DomainEvent => ({
  type: 'LinkCreated',
  data: {
    link_id: linkId,
    owner_id: OWNER,
    short_code: `c${linkId}`,
    original_url: 'https://example.com/',
    title: 'Launch',
    description: '',
    created_via: 'manual',
    custom_domain: '',
    trai_header: null,
  },
});
const click = (linkId: number): DomainEvent => ({
  type: 'Clicked',
  data: {
    link_id: linkId,
    owner_id: OWNER,
    link_version: 0,
    destination: 'https://example.com/',
    country: 'IN',
    user_agent: CHROME,
    referrer: '',
    source: 'link',
    visitor_hash: 'v',
  },
});
const updated = (linkId: number): DomainEvent => ({ type: 'LinkUpdated', data: { link_id: linkId, changes: { title: 'Renamed' } } });
const moderated = (linkId: number): DomainEvent => ({ type: 'LinkModerated', data: { link_id: linkId, disabled: true, reason: 'spam' } });
const deleted = (linkId: number): DomainEvent => ({ type: 'LinkDeleted', data: { link_id: linkId, short_code: `c${linkId}` } });

/** The log cut into batches of the given sizes, as the projector would be handed it. */
function inBatches(events: RecordedEvent[], sizes: number[]): RecordedEvent[][] {
  const batches: RecordedEvent[][] = [];
  let at = 0;
  for (const size of sizes) batches.push(events.slice(at, (at += size)));
  if (at < events.length) batches.push(events.slice(at));
  return batches;
}

describe('clicks counted by the read store', () => {
  // Two links of one owner; clicks interleaved with an edit, a moderation and a deletion.
  const log = logged([
    created(10),
    created(11),
    click(10),
    click(11),
    updated(10),
    click(10),
    moderated(11),
    click(11),
    click(10),
    deleted(11),
    click(11),
    click(10),
    created(12),
    click(12),
    click(12),
    deleted(12),
  ]);

  it('given clicks interleaved with edits, moderation and deletions, counts each human click of a live link once, in the link and its owner’s totals', async () => {
    const store = await projectReadModel([log]);
    const link = await store.get<LinkView>(LINKS, 10);
    expect(link).toMatchObject({ title: 'Renamed', total_clicks: 4 });
    expect(await store.get(LINKS, 11)).toBeNull();
    expect(await store.get(LINKS, 12)).toBeNull();
    // The deleted links' clicks left the totals with them; the click of 11 after its deletion counts nowhere.
    expect(await store.get<LinkTotalsView>(LINK_TOTALS, OWNER)).toEqual({ id: OWNER, total_urls: 1, total_clicks: 4 });
  });

  it('is the same however the log is cut into batches', async () => {
    const whole = (await projectReadModel([log])).snapshot();
    const oneByOne = log.map(() => 1);
    for (const sizes of [oneByOne, [2, 1, 1, 3], [3, 3, 3], [5, 5], [4, 1, 6, 1], [9, 2]]) {
      const cut = inBatches(log, sizes);
      expect((await projectReadModel(cut)).snapshot(), `batches of ${sizes.join(',')}`).toEqual(whole);
    }
  });

  it('given a click of a link deleted in an earlier batch, counts it nowhere', async () => {
    const first = logged([created(10), click(10), deleted(10)]);
    const store = await projectReadModel([first, logged([click(10), click(10)], first.length + 1)]);
    expect(await store.get(LINKS, 10)).toBeNull();
    expect(await store.get(LINK_TOTALS, OWNER)).toEqual({ id: OWNER, total_urls: 0, total_clicks: 0 });
  });

  it('given a batch of clicks of links it does not otherwise touch, reads no document and writes only the counts', async () => {
    const setup = logged([created(10), created(11)]);
    const store = await projectReadModel([setup]);
    const commits = store.commits;
    const read = store.get.bind(store);
    const readMany = store.getMany.bind(store);
    let reads = 0;
    store.get = async (collection, id) => ((reads += 1), read(collection, id));
    store.getMany = async (collection, ids) => ((reads += ids.length), readMany(collection, ids));
    const clicks = logged([click(10), click(11), click(10)], setup.length + 1);
    await new ReadModelTarget(store, apiReadModel).apply(clicks, clicks.at(-1)!.position);
    expect(reads).toBe(0);
    expect(store.commits).toBe(commits + 1);
    expect(await read<LinkView>(LINKS, 10)).toMatchObject({ total_clicks: 2 });
    expect(await read<LinkTotalsView>(LINK_TOTALS, OWNER)).toEqual({ id: OWNER, total_urls: 2, total_clicks: 3 });
  });
});
