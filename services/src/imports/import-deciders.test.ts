import { describe, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  IMPORT_NOT_FOUND,
  cancelImportDecider,
  failImportDecider,
  recordImportPageDecider,
  resumeImportDecider,
  startImportDecider,
} from './import-deciders.ts';

const fields = {
  workspace_id: 7,
  source: 'csv' as const,
  base_url: '',
  credential_sealed: null,
  public_base: 'http://s',
  own_hosts: ['s'],
  target_domain: null,
  tag: null,
};
const started: DomainEvent = { type: 'ImportStarted', data: { job_id: 4, ...fields } };
const row = { row: 1, original_short_url: '', outcome: 'created' as const, link_id: 9, short_url: 'http://s/abc', reason: null };
const page = (cursor: string | null): DomainEvent => ({ type: 'ImportPageDone', data: { job_id: 4, cursor, total: null, outcomes: [row] } });
const failed = (resumable: boolean): DomainEvent => ({ type: 'ImportFailed', data: { job_id: 4, reason: 'The source stopped answering', resumable } });
const cancelled: DomainEvent = { type: 'ImportCancelled', data: { job_id: 4 } };

describe('import jobs', () => {
  it('given nothing, when an import starts, then it is recorded; a second start of the same job is refused', () => {
    deciderSpec(startImportDecider)
      .given([])
      .when({ jobId: 4, ...fields })
      .then([started]);
    deciderSpec(startImportDecider)
      .given([started])
      .when({ jobId: 4, ...fields })
      .thenThrows(/already started/);
  });

  it('given a running job, when a page is recorded, then its outcomes are kept, and the last page finishes the job', () => {
    const pages = deciderSpec(recordImportPageDecider);
    pages
      .given([started])
      .when({ jobId: 4, afterPages: 0, cursor: '100', total: null, outcomes: [row] })
      .then([page('100')]);
    pages
      .given([started, page('100')])
      .when({ jobId: 4, afterPages: 1, cursor: null, total: null, outcomes: [row] })
      .then([page(null), { type: 'ImportFinished', data: { job_id: 4 } }]);
  });

  it('given a page already recorded or a cancelled job, when the same page is recorded again, then it is refused', () => {
    const pages = deciderSpec(recordImportPageDecider);
    pages
      .given([started, page('100')])
      .when({ jobId: 4, afterPages: 0, cursor: '100', total: null, outcomes: [row] })
      .thenThrows(/already recorded/);
    pages
      .given([started, cancelled])
      .when({ jobId: 4, afterPages: 0, cursor: '100', total: null, outcomes: [row] })
      .thenThrows(/cancelled/);
  });

  it('given a running job, when it fails, then the failure is recorded; a cancelled job stays cancelled', () => {
    deciderSpec(failImportDecider)
      .given([started])
      .when({ jobId: 4, reason: 'The source stopped answering', resumable: true })
      .then([failed(true)]);
    deciderSpec(failImportDecider).given([started, cancelled]).when({ jobId: 4, reason: 'x', resumable: true }).then([]);
  });

  it('given a resumable failure, when the workspace resumes it, then it runs again; a final failure, a finished job or another workspace is refused', () => {
    const resumes = deciderSpec(resumeImportDecider);
    resumes
      .given([started, failed(true)])
      .when({ jobId: 4, workspaceId: 7 })
      .then([{ type: 'ImportResumed', data: { job_id: 4 } }]);
    resumes
      .given([started, failed(false)])
      .when({ jobId: 4, workspaceId: 7 })
      .thenThrows(/failed for good/);
    resumes
      .given([started, page(null), { type: 'ImportFinished', data: { job_id: 4 } }])
      .when({ jobId: 4, workspaceId: 7 })
      .thenThrows(/finished/);
    resumes
      .given([started, failed(true)])
      .when({ jobId: 4, workspaceId: 8 })
      .thenThrows(IMPORT_NOT_FOUND);
  });

  it('given a running or failed job, when the workspace cancels it, then it is cancelled; a finished one is refused', () => {
    const cancels = deciderSpec(cancelImportDecider);
    cancels.given([started]).when({ jobId: 4, workspaceId: 7 }).then([cancelled]);
    cancels
      .given([started, failed(true)])
      .when({ jobId: 4, workspaceId: 7 })
      .then([cancelled]);
    cancels.given([started, cancelled]).when({ jobId: 4, workspaceId: 7 }).then([]);
    cancels
      .given([started, page(null), { type: 'ImportFinished', data: { job_id: 4 } }])
      .when({ jobId: 4, workspaceId: 7 })
      .thenThrows(/finished/);
  });
});
