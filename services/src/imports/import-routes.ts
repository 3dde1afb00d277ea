import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { stringify } from 'csv-stringify/sync';
import {
  ErrorBody,
  IdParams,
  ImportJobDetails,
  ImportJobList,
  ImportJobResponse,
  StartImportBody,
  domainEventOf,
  type DomainEvent,
} from '@linkledger/contracts';
import { handleCommand } from '../commands/command-handler.ts';
import { allocateId, loadStream, metadataFor } from '../commands/command-context.ts';
import { invalid } from '../commands/domain-error.ts';
import { placeLink } from '../domains/index.ts';
import { inertCell } from '../formats/spreadsheet-cell.ts';
import { commandContext } from '../http/command-context.ts';
import { routesFor } from '../http/declared-routes.ts';
import { ownHosts } from '../http/origins.ts';
import { publicBase, storedOrganization } from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';
import { encryptSecret } from '../platform/secret-box.ts';
import { cancelImportDecider, importOfWorkspace, resumeImportDecider, startImportDecider } from './import-deciders.ts';
import { importFileStream } from './import-runner.ts';
import { evolveImportJob, type ImportJob } from './import-state.ts';
import { importJobDetails, importJobResponse } from './import-view.ts';
import { IMPORT_CREDENTIAL_PURPOSE, openImportSource } from './open-source.ts';

const IMPORT_NOT_IN_PLAN = 'Import and export are only available on Pro and Enterprise plans. Upgrade your plan to import your links.';

/** The result file's columns (docs/import.md#result-file). */
const RESULT_COLUMNS = ['Row', 'Old short URL', 'New short URL', 'Outcome', 'Reason'];
/** Jobs the list shows, newest first. */
const LISTED_JOBS = 50;
/** The JSON body of a start: a CSV file of 5 MB, escaped, with room for the other fields. */
const START_BODY_LIMIT = 12 * 1024 * 1024;

/** The sources that read a server of the user's: its address is required. */
const NEEDS_URL = new Set(['shlink', 'yourls', 'kutt']);

export async function importRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    // Only this scope takes a body past the app's 1 MiB: the CSV file of an import.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: START_BODY_LIMIT }, scope.getDefaultJsonParser('error', 'error'));
    const feature = { key: 'csv_import_export', refusal: IMPORT_NOT_IN_PLAN } as const;
    const readers = routesFor(scope, { access: 'user', workspace: 'links:read', feature });
    const writers = routesFor(scope, { access: 'user', workspace: 'links:write', feature });

    const jobOf = async (jobId: number, workspaceId: number): Promise<ImportJob> =>
      importOfWorkspace((await loadStream(platform.events, `import-${jobId}`, null, evolveImportJob)).state, workspaceId);

    writers.post('/api/imports', {
      summary: 'Start importing links from Bitly, Shlink, YOURLS, Kutt or a CSV file; the job runs in the background',
      body: StartImportBody,
      response: { 201: ImportJobResponse, 403: ErrorBody },
      handler: async ({ request, reply, workspace }) => {
        const { source, url, credential, file, target_domain = null, tag = null } = request.body;
        if (source === 'csv' && file === undefined) throw invalid('A CSV import needs the file.', 'file');
        if (source !== 'csv' && file !== undefined) throw invalid(`An import from ${source} reads its API: it takes no file.`, 'file');
        if (source !== 'csv' && !credential) throw invalid(`An import from ${source} needs your credential for it.`, 'credential');
        if (NEEDS_URL.has(source) && !url) throw invalid(`An import from ${source} needs the address of your server.`, 'url');
        // Refused rather than kept and ignored: Bitly's address is the installation's, a CSV file has neither.
        if (!NEEDS_URL.has(source) && url !== undefined) throw invalid(`An import from ${source} takes no server address.`, 'url');
        if (source === 'csv' && credential !== undefined) throw invalid('A CSV import takes no credential.', 'credential');
        const context = commandContext(platform, request);
        const fields = {
          workspace_id: workspace.id,
          source,
          base_url: source === 'csv' ? '' : (url ?? ''),
          credential_sealed: source !== 'csv' && credential ? encryptSecret(platform.secret, IMPORT_CREDENTIAL_PURPOSE, credential) : null,
          public_base: publicBase(platform, request),
          own_hosts: ownHosts(platform, request),
          target_domain,
          tag,
        };
        // Refused now rather than failed later: a source that cannot be opened, a domain that is not the workspace's, a tag it cannot have.
        openImportSource(platform, fields, file ?? null);
        await placeLink(platform, workspace.id, { custom_domain: target_domain, trai_header: null });
        if (tag) await storedOrganization(platform, workspace.id, { tags: [tag] });
        const jobId = await allocateId(platform.events, 'import', metadataFor(context));
        const uploaded: DomainEvent | null = file === undefined ? null : { type: 'ImportFileUploaded', data: { job_id: jobId, text: file } };
        const claimed = uploaded ? { ...context, claim: { stream: importFileStream(jobId), expected: 'no_stream' as const, event: uploaded } } : context;
        await handleCommand(platform, claimed, startImportDecider, { jobId, ...fields });
        return reply.code(201).send(importJobResponse(await jobOf(jobId, workspace.id)));
      },
    });

    readers.get('/api/imports', {
      summary: 'The workspace’s latest imports, newest first, with their progress',
      response: { 200: ImportJobList },
      handler: async ({ workspace }) => {
        const started = await platform.events.readAll({ filter: { types: ['ImportStarted'] }, direction: 'backward', limit: 10_000 });
        const ids = started.flatMap((recorded) => {
          const event = domainEventOf(recorded);
          return event?.type === 'ImportStarted' && event.data.workspace_id === workspace.id ? [event.data.job_id] : [];
        });
        const jobs = await Promise.all(ids.slice(0, LISTED_JOBS).map((id) => jobOf(id, workspace.id)));
        return { imports: jobs.map(importJobResponse) };
      },
    });

    readers.get('/api/imports/:id', {
      summary: 'One import: its status, progress, counts per outcome and every row’s outcome so far',
      params: IdParams,
      response: { 200: ImportJobDetails, 404: ErrorBody },
      handler: async ({ request, workspace }) => importJobDetails(await jobOf(request.params.id, workspace.id)),
    });

    readers.get('/api/imports/:id/result.csv', {
      summary: 'One import’s result file: each row’s old and new short URL, outcome and reason',
      params: IdParams,
      response: {
        200: { description: 'The CSV file, UTF-8 with a byte-order mark', content: { 'text/csv': { schema: z.string() } } },
        404: ErrorBody,
      },
      handler: async ({ request, reply, workspace }) => {
        const job = await jobOf(request.params.id, workspace.id);
        const rows = job.outcomes.map((row) => [String(row.row), row.original_short_url, row.short_url ?? '', row.outcome, row.reason ?? ''].map(inertCell));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="import_${job.started.job_id}_result.csv"`)
          .header('cache-control', 'no-store')
          .send(stringify(rows, { header: true, columns: RESULT_COLUMNS, bom: true }));
      },
    });

    for (const [action, decider, summary] of [
      ['resume', resumeImportDecider, 'Resume an import that stopped (the source failed, or the monthly link limit ran out) from its last recorded page'],
      ['cancel', cancelImportDecider, 'Cancel an import: it stops after the page it is working; links already imported stay'],
    ] as const) {
      writers.post(`/api/imports/:id/${action}`, {
        summary,
        params: IdParams,
        response: { 200: ImportJobResponse, 404: ErrorBody, 409: ErrorBody },
        handler: async ({ request, workspace }) => {
          await handleCommand(platform, commandContext(platform, request), decider, { jobId: request.params.id, workspaceId: workspace.id });
          return importJobResponse(await jobOf(request.params.id, workspace.id));
        },
      });
    }
  });
}
