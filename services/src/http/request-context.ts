import type { FastifyRequest } from 'fastify';
import type { Actor } from '@linkledger/contracts';
import type { CommandContext } from '../commands/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { markNotYetShown } from './still-processing.ts';

export function requestContext(platform: Pick<Platform, 'clock'>, request: FastifyRequest, actor: Actor): CommandContext {
  return {
    actor,
    correlationId: request.id,
    now: platform.clock(),
    route: request.routeOptions.url ?? request.url,
    onNotYetShown: () => markNotYetShown(request),
  };
}
