import type { DomainEvent, ImportRowOutcome, ImportStarted } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';

type ImportStatus = 'running' | 'finished' | 'failed' | 'cancelled';

/** An import job as its stream `import-{id}` folds (docs/import.md#progress). */
export interface ImportJob {
  started: ImportStarted;
  startedAt: string;
  status: ImportStatus;
  failure: { reason: string; resumable: boolean } | null;
  /** Where the next page starts: null before the first page (and after the last, once finished). */
  cursor: string | null;
  pages: number;
  total: number | null;
  outcomes: ImportRowOutcome[];
}

export function evolveImportJob(job: ImportJob | null, event: DomainEvent, envelope: Pick<EventEnvelope, 'metadata'>): ImportJob | null {
  if (event.type === 'ImportStarted')
    return { started: event.data, startedAt: envelope.metadata.at, status: 'running', failure: null, cursor: null, pages: 0, total: null, outcomes: [] };
  if (!job) return job;
  switch (event.type) {
    case 'ImportPageDone':
      return {
        ...job,
        cursor: event.data.cursor,
        pages: job.pages + 1,
        total: event.data.total ?? job.total,
        outcomes: [...job.outcomes, ...event.data.outcomes],
      };
    case 'ImportFinished':
      return { ...job, status: 'finished', failure: null };
    case 'ImportFailed':
      return { ...job, status: 'failed', failure: { reason: event.data.reason, resumable: event.data.resumable } };
    case 'ImportResumed':
      return { ...job, status: 'running', failure: null };
    case 'ImportCancelled':
      return { ...job, status: 'cancelled' };
    default:
      return job;
  }
}
