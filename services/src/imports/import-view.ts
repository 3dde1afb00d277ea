import { IMPORT_OUTCOMES, type ImportJobDetails, type ImportJobResponse } from '@linkledger/contracts';
import type { ImportJob } from './import-state.ts';

/** A job as the API answers it (docs/import.md#progress): its progress and counts, never its credential or file. */
export function importJobResponse(job: ImportJob): ImportJobResponse {
  const { started } = job;
  const counts = Object.fromEntries(IMPORT_OUTCOMES.map((outcome) => [outcome, 0])) as ImportJobResponse['counts'];
  for (const row of job.outcomes) counts[row.outcome] += 1;
  return {
    id: started.job_id,
    source: started.source,
    base_url: started.base_url,
    target_domain: started.target_domain,
    tag: started.tag,
    status: job.status,
    failure: job.failure,
    started_at: job.startedAt,
    pages: job.pages,
    rows_done: job.outcomes.length,
    total: job.total,
    counts,
  };
}

export const importJobDetails = (job: ImportJob): ImportJobDetails => ({ ...importJobResponse(job), outcomes: job.outcomes });
