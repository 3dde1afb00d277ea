import { IMPORTED_VISITS_PER_EVENT, WrongExpectedRevisionError, type DomainEvent, type EventStore } from '@linkledger/contracts';
import { metadataFor, toNewEvent, type CommandContext } from '../commands/command-context.ts';
import type { ImportedLink } from './import-source.ts';

/**
 * Records what the source counted of a link as imported (docs/import.md#visits): the visits it
 * lists one by one (`VisitsImported`, at most 500 an event, with their own times), and the
 * clicks it counted beyond them (`ClickCountImported`, a count without times: YOURLS, Bitly and
 * Kutt only count). All in one append that claims the link's `imported-visits-{id}` stream, so
 * a page worked again after a restart records them once.
 */
export async function recordImportedVisits(
  events: Pick<EventStore, 'append'>,
  context: CommandContext,
  link: { jobId: number; linkId: number; ownerId: number },
  imported: Pick<ImportedLink, 'clicks' | 'visits'>,
): Promise<void> {
  const recorded: DomainEvent[] = [];
  for (let from = 0; from < imported.visits.length; from += IMPORTED_VISITS_PER_EVENT) {
    const visits = imported.visits
      .slice(from, from + IMPORTED_VISITS_PER_EVENT)
      .map((visit) => ({ at: visit.at, country: visit.country, referrer: visit.referrer, user_agent: visit.userAgent }));
    recorded.push({ type: 'VisitsImported', data: { link_id: link.linkId, owner_id: link.ownerId, job_id: link.jobId, visits } });
  }
  const uncounted = imported.clicks - imported.visits.length;
  if (uncounted > 0) recorded.push({ type: 'ClickCountImported', data: { link_id: link.linkId, job_id: link.jobId, clicks: uncounted } });
  if (recorded.length === 0) return;
  const metadata = metadataFor(context);
  try {
    await events.append([{ stream: `imported-visits-${link.linkId}`, expected: 'no_stream', events: recorded.map((event) => toNewEvent(event, metadata)) }]);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
}
