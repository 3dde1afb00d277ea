import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { domainEventOf, type EventData } from '@linkledger/contracts';
import type { CommandContext } from '../commands/command-context.ts';
import { conflict } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';

/** How long a key answers its first request (docs/developer-api.md#retrying-safely); after that it may be used again. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request (another body or address) in the last 24 hours. Send a new Idempotency-Key with a new request.';

export type IdempotencyKeyClaimed = EventData['IdempotencyKeyClaimed'];

/**
 * What a request's Idempotency-Key asks for: nothing (no header), the answer of the request
 * that claimed it first (same caller, same key, same request, within 24 hours), or a claim to
 * append with this request's write.
 */
export type Idempotency =
  | { kind: 'none' }
  | { kind: 'replay'; claimed: IdempotencyKeyClaimed }
  | {
      kind: 'claim';
      claimFor: (
        resource: IdempotencyKeyClaimed['resource'],
        resourceId: IdempotencyKeyClaimed['resource_id'],
        answer?: IdempotencyKeyClaimed['answer'],
      ) => NonNullable<CommandContext['claim']>;
    };

/** The Idempotency-Key of a request that creates one thing (a link, a ticket). */
export async function idempotencyOf(platform: Pick<Platform, 'events'>, request: FastifyRequest, userId: number, now: Date): Promise<Idempotency> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key === '') return { kind: 'none' };
  return keyClaim(platform, `${userId}\n${key}`, requestFingerprint(request, userId, [request.params ?? {}, request.body ?? null]), now);
}

/**
 * The Idempotency-Key of one item of a list the request creates (docs/links.md#bulk-create):
 * each item claims the key on its own, beside its index, so a retry of a request that was cut
 * short answers the items already created and creates the others.
 */
export async function itemIdempotencyOf(
  platform: Pick<Platform, 'events'>,
  request: FastifyRequest,
  userId: number,
  now: Date,
  index: number,
  item: unknown,
): Promise<Idempotency> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key === '') return { kind: 'none' };
  // A header cannot hold a line break, so no key sent alone names an item's stream.
  return keyClaim(platform, `${userId}\n${key}\n${index}`, requestFingerprint(request, userId, [index, item ?? null]), now);
}

/** Method, route, what the request says and, when it is not the caller's personal one, the workspace. */
function requestFingerprint(request: FastifyRequest, userId: number, parts: unknown[]): string {
  // The same call in another workspace is another request; one in the personal workspace keeps the fingerprint it always had.
  const workspace = request.workspace && request.workspace.id !== userId ? [request.workspace.id] : [];
  return sha256(canonicalJson([request.method, request.routeOptions.url ?? request.url, ...parts, ...workspace]));
}

/**
 * Reads the key's claim stream, named by the caller and the key (so keys never meet across
 * callers, and the stream name tells neither): a live claim of the same request is answered
 * again, one of another request refused with 409; otherwise the request may claim the key.
 */
async function keyClaim(platform: Pick<Platform, 'events'>, callerAndKey: string, fingerprint: string, now: Date): Promise<Idempotency> {
  const stream = `idempotency-${sha256(callerAndKey)}`;
  const last = (await platform.events.readAll({ direction: 'backward', limit: 1, filter: { stream } }))[0];
  const event = last ? domainEventOf(last) : null;
  if (event?.type === 'IdempotencyKeyClaimed' && Date.parse(event.data.expires_at) > now.getTime()) {
    if (event.data.fingerprint !== fingerprint) throw conflict(IDEMPOTENCY_KEY_REUSED);
    return { kind: 'replay', claimed: event.data };
  }
  const expires_at = new Date(now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS).toISOString();
  return {
    kind: 'claim',
    claimFor: (resource, resource_id, answer = null) => ({
      stream,
      // Another request with the key that gets there first makes this append fail: one write per key.
      expected: last?.revision ?? 'no_stream',
      event: { type: 'IdempotencyKeyClaimed', data: { fingerprint, resource, resource_id, answer, expires_at } },
    }),
  };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * JSON with object keys sorted, so the same body written in another key order is the same
 * request. A password (a link's) enters only as "given": a fast hash of a body whose other
 * fields the log holds would let anyone reading the log guess it, past its slow hash.
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (key, inner: unknown) => {
    if (key === 'password' && typeof inner === 'string' && inner !== '') return 'given';
    return inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner;
  });
}

/** The numeric id a claim names (links, tickets). */
export function claimedId(claimed: IdempotencyKeyClaimed): number {
  if (typeof claimed.resource_id !== 'number') throw new Error(`Idempotency claim of a ${claimed.resource} names no numeric id`);
  return claimed.resource_id;
}
