import type { FastifyRequest } from 'fastify';
import type { Actor } from '@linkledger/contracts';
import type { CommandContext } from '../commands/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { callerOf } from './access.ts';
import { requestContext } from './request-context.ts';

/** A command sent by the route's caller, recorded as them: the user, or the API key they called with. */
export function commandContext(platform: Pick<Platform, 'clock'>, request: FastifyRequest): CommandContext {
  return requestContext(platform, request, callerOf(request).actor);
}

const VISITOR: Actor = { kind: 'visitor', id: 'anonymous' };

/** A command sent by someone not signed in (signing up or in, a link from an e-mail), recorded as a visitor. */
export function visitorContext(platform: Pick<Platform, 'clock'>, request: FastifyRequest): CommandContext {
  return requestContext(platform, request, VISITOR);
}
