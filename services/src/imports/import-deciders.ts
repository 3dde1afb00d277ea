import type { ImportRowOutcome, ImportStarted } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { conflict, notFound } from '../commands/domain-error.ts';
import { evolveImportJob, type ImportJob } from './import-state.ts';

export const IMPORT_NOT_FOUND = 'No such import in this workspace.';

const streamOf = (command: { jobId: number }) => `import-${command.jobId}`;
const jobDecider = { streamOf, initialState: null, evolve: evolveImportJob } as const;

/** The job when it is this workspace's; any other is "not found". */
export function importOfWorkspace(job: ImportJob | null, workspaceId: number): ImportJob {
  if (!job || job.started.workspace_id !== workspaceId) throw notFound(IMPORT_NOT_FOUND);
  return job;
}

type StartImport = { jobId: number } & Omit<ImportStarted, 'job_id'>;

export const startImportDecider: Decider<StartImport, ImportJob | null> = {
  ...jobDecider,
  decide: ({ jobId, ...started }, job) => {
    if (job) throw conflict('This import has already started.');
    return [{ type: 'ImportStarted', data: { job_id: jobId, ...started } }];
  },
};

/** The runner's record of one page: refused once the job is no longer running (cancelled meanwhile) or another run recorded this page. */
interface RecordImportPage {
  jobId: number;
  /** How many pages the runner found recorded when it read this one. */
  afterPages: number;
  cursor: string | null;
  total: number | null;
  outcomes: ImportRowOutcome[];
}

export const recordImportPageDecider: Decider<RecordImportPage, ImportJob | null> = {
  ...jobDecider,
  decide: ({ jobId, afterPages, cursor, total, outcomes }, job) => {
    if (!job) throw notFound(IMPORT_NOT_FOUND);
    if (job.status !== 'running') throw conflict(`This import is ${job.status}: its page is not recorded.`);
    if (job.pages !== afterPages) throw conflict('This page of the import was already recorded.');
    return [
      { type: 'ImportPageDone', data: { job_id: jobId, cursor, total, outcomes } },
      ...(cursor === null ? [{ type: 'ImportFinished' as const, data: { job_id: jobId } }] : []),
    ];
  },
};

interface FailImport {
  jobId: number;
  reason: string;
  resumable: boolean;
}

export const failImportDecider: Decider<FailImport, ImportJob | null> = {
  ...jobDecider,
  decide: ({ jobId, reason, resumable }, job) => {
    if (!job) throw notFound(IMPORT_NOT_FOUND);
    // A job cancelled while its page ran stays cancelled.
    if (job.status !== 'running') return [];
    return [{ type: 'ImportFailed', data: { job_id: jobId, reason, resumable } }];
  },
};

interface ActOnImport {
  jobId: number;
  workspaceId: number;
}

export const resumeImportDecider: Decider<ActOnImport, ImportJob | null> = {
  ...jobDecider,
  decide: ({ jobId, workspaceId }, state) => {
    const job = importOfWorkspace(state, workspaceId);
    if (job.status === 'running') return [];
    if (job.status !== 'failed' || !job.failure?.resumable)
      throw conflict(`This import is ${job.status === 'failed' ? 'failed for good' : job.status}: it cannot be resumed.`);
    return [{ type: 'ImportResumed', data: { job_id: jobId } }];
  },
};

export const cancelImportDecider: Decider<ActOnImport, ImportJob | null> = {
  ...jobDecider,
  decide: ({ jobId, workspaceId }, state) => {
    const job = importOfWorkspace(state, workspaceId);
    if (job.status === 'cancelled') return [];
    if (job.status === 'finished') throw conflict('This import has finished: there is nothing to cancel.');
    return [{ type: 'ImportCancelled', data: { job_id: jobId } }];
  },
};
