import { type CustomDomainItem, type EventStore } from '@linkledger/contracts';
import { CUSTOM_DOMAINS, TRAI_DOMAINS, type CustomDomainView, type TraiDomainView } from '@linkledger/projections';
import { handleMultiStreamCommand, type CommandDeps } from '../commands/command-handler.ts';
import type { CommandContext } from '../commands/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { checkDomainDecider, deleteDomainDecider } from './domain-deciders.ts';
import { PENDING_CLAIM_MS, claimExpired, domainNameStream, evolveNameClaim } from './domain-state.ts';
import type { VerificationResult } from './dns/verify-domain.ts';
import { foldEvents } from '../commands/event-port.ts';

/*
 * One owner per name (docs/domains.md#one-owner-per-name): accounts hold claims on a host name,
 * pending side by side until one proves it by DNS; that one owns it and the others are dropped.
 */

const everVerified = (view: CustomDomainView) => view.ever_verified ?? view.dns_verified;

/** A claim's state as its owner sees it now. */
export function claimStatus(view: CustomDomainView, now: Date): CustomDomainItem['status'] {
  if (view.dropped) return 'dropped';
  if (view.dns_verified) return 'verified';
  if (everVerified(view)) return 'unverified';
  return claimExpired({ everVerified: false, addedAt: view.created_at }, now) ? 'expired' : 'pending';
}

/** When a pending claim expires; null once it was verified. */
export const expiresAt = (view: CustomDomainView): string | null =>
  everVerified(view) || view.dropped ? null : new Date(Date.parse(view.created_at) + PENDING_CLAIM_MS).toISOString();

/** The claim that holds a name in the log now (its stream is never behind), or null. */
export async function nameHolder(events: Pick<EventStore, 'readStream'>, domain: string): Promise<number | null> {
  return foldEvents(await events.readStream(domainNameStream(domain)), evolveNameClaim, null);
}

/**
 * Records a DNS check of a claim (the verify call and the daily re-check): verified, with the
 * other claims on the name dropped, or unverified when its records are gone.
 */
export async function recordDomainCheck(
  platform: CommandDeps & Pick<Platform, 'read' | 'clock'>,
  context: CommandContext,
  view: Pick<CustomDomainView, 'id' | 'owner_id' | 'domain'>,
  result: Pick<VerificationResult, 'fully_verified' | 'failed_checks'>,
): Promise<void> {
  const holderId = await nameHolder(platform.events, view.domain);
  const claims = await platform.read.find<CustomDomainView>(CUSTOM_DOMAINS, { where: { domain: view.domain } });
  const rivalIds = [...new Set([...claims.map((claim) => claim.id), ...(holderId === null ? [] : [holderId])])].filter((id) => id !== view.id);
  await handleMultiStreamCommand(platform, context, checkDomainDecider, {
    domainId: view.id,
    ownerId: view.owner_id,
    domain: view.domain,
    verified: result.fully_verified,
    failedChecks: result.failed_checks,
    now: platform.clock(),
    rivalIds,
  });
}

/** Deletes a domain as its owner does, with the TRAI headers registered on it (docs/domains.md#deleting-a-domain). */
export async function deleteDomain(
  platform: CommandDeps & Pick<Platform, 'read'>,
  context: CommandContext,
  view: Pick<CustomDomainView, 'id' | 'owner_id' | 'domain'>,
): Promise<void> {
  const headers = await platform.read.find<TraiDomainView>(TRAI_DOMAINS, { where: { custom_domain_id: view.id } });
  await handleMultiStreamCommand(platform, context, deleteDomainDecider, {
    domainId: view.id,
    ownerId: view.owner_id,
    domain: view.domain,
    headers: headers.map((header) => ({ traiId: header.id, header: header.header })),
  });
}
