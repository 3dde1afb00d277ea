import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StillProcessingBody } from '@linkledger/contracts';
import type { CommandContext } from '../commands/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { callerOf, type Caller } from './access.ts';
import { commandContext } from './command-context.ts';
import { claimedId, idempotencyOf, type IdempotencyKeyClaimed } from './idempotency.ts';
import { STILL_PROCESSING } from './still-processing.ts';

/** A creation that mints a numeric id: how to run it and how to answer the resource it made. */
interface Creation {
  resource: IdempotencyKeyClaimed['resource'];
  /**
   * Checks the request, allocates the id and runs the command with `withClaim(id)` as its
   * context (the Idempotency-Key's claim goes into the command's append). Answers the id and
   * whether the read model showed the command in time.
   */
  create(withClaim: (id: number) => CommandContext): Promise<{ id: number; shown: boolean }>;
  /** The created resource as the route answers it, from the read model. */
  answer(id: number): Promise<unknown>;
  /** Whether the read model holds the resource yet (for a retry's answer). */
  shows(id: number): Promise<boolean>;
}

/**
 * Runs a creation once per Idempotency-Key (docs/developer-api.md#retrying-safely): `201` with
 * the resource, `202` with its id while the read model does not show it, and for a retry with
 * the key the same answer about the resource the first request created. The caller creates it,
 * by a command recorded as them.
 */
export async function createOnce(
  platform: Pick<Platform, 'events' | 'clock'>,
  request: FastifyRequest,
  reply: FastifyReply,
  creationFor: (caller: Caller, context: CommandContext) => Creation,
) {
  const caller = callerOf(request);
  const context = commandContext(platform, request);
  const creation = creationFor(caller, context);
  const stillProcessing = (id: number) => reply.code(202).send({ detail: STILL_PROCESSING, still_processing: true, id } satisfies StillProcessingBody);
  const idempotency = await idempotencyOf(platform, request, caller.userId, context.now);
  if (idempotency.kind === 'replay') {
    const earlier = claimedId(idempotency.claimed);
    return (await creation.shows(earlier)) ? reply.code(201).send(await creation.answer(earlier)) : stillProcessing(earlier);
  }
  const { id, shown } = await creation.create((id) =>
    idempotency.kind === 'claim' ? { ...context, claim: idempotency.claimFor(creation.resource, id) } : context,
  );
  return shown ? reply.code(201).send(await creation.answer(id)) : stillProcessing(id);
}
