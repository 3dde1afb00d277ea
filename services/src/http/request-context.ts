import type { FastifyRequest } from 'fastify';
import type { Actor } from '@linkledger/contracts';
import type { CommandContext } from '../commands/command-context.ts';
import type { Platform, ReadModelProgress } from '../platform/platform.ts';

/** How long a command's answer may wait for the read model before answering anyway. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 5000;

export function requestContext(platform: Pick<Platform, 'clock'>, request: FastifyRequest, actor: Actor): CommandContext {
  return { actor, correlationId: request.id, now: platform.clock(), route: request.routeOptions.url ?? request.url };
}

/** What read-your-writes waits on: the read model and this process's redirect cache. */
export interface ReadYourWrites {
  readModel: ReadModelProgress;
  linkCache: { progress: ReadModelProgress };
}

/**
 * Read your writes: the answer waits (bounded) until the read model and this process's
 * redirect cache include the command, so the next query and the next redirect show it.
 */
export async function waitForReadModel(platform: ReadYourWrites, position: number): Promise<void> {
  await Promise.all([
    platform.readModel.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS),
    platform.linkCache.progress.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS),
  ]);
}
