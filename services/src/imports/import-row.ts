import { createHash } from 'node:crypto';
import { z } from 'zod';
import { Destination, LinkControlsInput, domainEventOf, type ImportRowOutcome, type ImportSourceName, type LinkCreated } from '@linkledger/contracts';
import { MonthlyLimitReached } from '../billing/index.ts';
import type { CommandContext } from '../commands/command-context.ts';
import { DomainError } from '../commands/domain-error.ts';
import type { LinkPlacement } from '../domains/index.ts';
import { InvalidShortCode, ShortCodeTaken, recordLink, refuseLoopingDestinationOn, shortUrl, storedOrganization } from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';
import type { ImportedLink } from './import-source.ts';
import { recordImportedVisits } from './imported-visits.ts';

/** What every row of one job shares. */
export interface RowJob {
  jobId: number;
  workspaceId: number;
  source: ImportSourceName;
  publicBase: string;
  ownHosts: readonly string[];
  placement: LinkPlacement;
  /** The job's tag, added to the row's own. */
  tag: string | null;
}

const ImportedControls = z.object({
  starts_at: LinkControlsInput.starts_at,
  expires_at: LinkControlsInput.expires_at,
  max_clicks: LinkControlsInput.max_clicks,
});

/**
 * The stream a row's link is claimed on: the workspace and the link's address at the source,
 * so a later import of the same links skips them; a row the source gives no address (a CSV row
 * without a code) is claimed by its job and place instead.
 */
function claimStream(job: RowJob, link: ImportedLink, row: number): string {
  const key = link.shortUrl ? `${job.workspaceId}\n${link.shortUrl}` : `${job.jobId}\n${row}`;
  return `imported-link-${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * Imports one row (docs/import.md#what-is-carried): through the normal create path, its code
 * kept when free (else a new one is drawn), its title, tags, validity and click limit carried,
 * its visits recorded as imported. A row refused for what it holds is a failed outcome; the
 * monthly limit and store faults stop the page (thrown), so the job fails resumable and a
 * resume redoes the page: the rows it already created are found by their claims.
 */
export async function importRow(platform: Platform, context: CommandContext, job: RowJob, link: ImportedLink, row: number): Promise<ImportRowOutcome> {
  const stream = claimStream(job, link, row);
  const outcome = (fields: Omit<ImportRowOutcome, 'row' | 'original_short_url'>): ImportRowOutcome => ({ row, original_short_url: link.shortUrl, ...fields });
  const claim = (await platform.events.readStream(stream)).map(domainEventOf).find((event) => event?.type === 'ImportedLinkClaimed');
  if (claim?.type === 'ImportedLinkClaimed') {
    const created = await linkCreated(platform, claim.data.link_id);
    const address = created ? shortUrl(job.publicBase, created) : null;
    if (claim.data.job_id !== job.jobId)
      return outcome({ outcome: 'duplicate', link_id: claim.data.link_id, short_url: address, reason: `Already imported (import ${claim.data.job_id})` });
    // This job created it before a restart: its visits may still be missing.
    await recordImportedVisits(platform.events, context, { jobId: job.jobId, linkId: claim.data.link_id, ownerId: job.workspaceId }, link);
    return outcome({
      outcome: link.code && created?.short_code !== link.code ? 'code_changed' : 'created',
      link_id: claim.data.link_id,
      short_url: address,
      reason: null,
    });
  }
  try {
    const created = await createRowLink(platform, context, job, link, stream);
    await recordImportedVisits(platform.events, context, { jobId: job.jobId, linkId: created.link_id, ownerId: job.workspaceId }, link);
    const changed = link.code !== '' && created.short_code !== link.code;
    return outcome({
      outcome: changed ? 'code_changed' : 'created',
      link_id: created.link_id,
      short_url: shortUrl(job.publicBase, created),
      reason: changed ? `The code ${link.code} is taken or not allowed here; the link got ${created.short_code}` : null,
    });
  } catch (error) {
    if (error instanceof MonthlyLimitReached || !(error instanceof DomainError)) throw error;
    return outcome({ outcome: 'failed', link_id: null, short_url: null, reason: error.detail });
  }
}

async function createRowLink(platform: Platform, context: CommandContext, job: RowJob, link: ImportedLink, stream: string): Promise<LinkCreated> {
  const destination = Destination.safeParse(link.destination);
  if (!destination.success) throw new DomainError('invalid', destination.error.issues[0]?.message ?? 'The destination is not a web address.');
  await refuseLoopingDestinationOn(platform, job.ownHosts, destination.data);
  const tags = [...new Set([...link.tags, ...(job.tag ? [job.tag] : [])])];
  const organization = await storedOrganization(platform, job.workspaceId, tags.length ? { tags } : {});
  const controls = ImportedControls.safeParse({
    ...(link.startsAt ? { starts_at: link.startsAt } : {}),
    ...(link.expiresAt ? { expires_at: link.expiresAt } : {}),
    ...(link.maxClicks ? { max_clicks: link.maxClicks } : {}),
  });
  if (!controls.success) throw new DomainError('invalid', controls.error.issues[0]?.message ?? 'Its validity or click limit cannot be kept');
  const input = {
    ownerId: job.workspaceId,
    createdVia: 'manual' as const,
    original_url: destination.data,
    title: link.title.trim().slice(0, 255),
    description: '',
    placement: job.placement,
    controls: { requested: controls.data, ownHosts: job.ownHosts },
    organization,
    importedFrom: { source: job.source, job_id: job.jobId, original_short_url: link.shortUrl },
    claim: (linkId: number) => ({
      stream,
      expected: 'no_stream' as const,
      event: { type: 'ImportedLinkClaimed' as const, data: { job_id: job.jobId, link_id: linkId } },
    }),
  };
  if (link.code) {
    try {
      return (await recordLink(platform, context, { ...input, shortCode: link.code })).created;
    } catch (error) {
      if (!(error instanceof ShortCodeTaken || error instanceof InvalidShortCode)) throw error;
    }
  }
  return (await recordLink(platform, context, input)).created;
}

async function linkCreated(platform: Pick<Platform, 'events'>, linkId: number): Promise<LinkCreated | null> {
  const event = (await platform.events.readStream(`link-${linkId}`, 0)).map(domainEventOf).find((recorded) => recorded?.type === 'LinkCreated');
  return event?.type === 'LinkCreated' ? event.data : null;
}
