import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StillProcessingBody } from '@linkledger/contracts';
import type { CommandContext } from '../commands/command-context.ts';

/** What a 202 says: the write happened, the lists and short links show it in a moment. */
export const STILL_PROCESSING = 'Saved. It is still being processed and shows everywhere in a few seconds; reload then instead of sending it again.';

const notYetShown = new WeakSet<FastifyRequest>();

/** A write of this request is in the log but not yet in the read model or the redirect cache. */
export function markNotYetShown(request: FastifyRequest): void {
  notYetShown.add(request);
}

/**
 * For a command whose answer is built from the write itself, not read back from the read
 * model (a payment order for checkout): the answer stays as it is when the projector is slow.
 */
export function answeredFromTheWrite(context: CommandContext): CommandContext {
  return { ...context, onNotYetShown: () => undefined };
}

/**
 * Read your writes that timed out (docs/architecture.md#the-command-path): an answer of 200 or
 * 201 built from a read model that does not include the request's write yet would show old
 * data (or nothing), so it becomes a 202 that says the write is still being processed and
 * keeps only the resource's id. Routes that know more from the write itself answer their own
 * 202 (links/create-link-route.ts), which this leaves alone.
 */
export function answerStillProcessing(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // Reads that record something on the side (a download) keep their answer, and so does a
    // stream (a file): only a write's JSON answer is built from the read model.
    if (!notYetShown.has(request) || request.method === 'GET' || request.method === 'HEAD') return payload;
    if ((reply.statusCode !== 200 && reply.statusCode !== 201) || typeof payload !== 'string') return payload;
    reply.code(202).header('content-type', 'application/json; charset=utf-8');
    const id = idIn(payload);
    const body: StillProcessingBody = { detail: STILL_PROCESSING, still_processing: true, ...(id === undefined ? {} : { id }) };
    return JSON.stringify(body);
  });
}

function idIn(payload: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(payload);
    const id = typeof parsed === 'object' && parsed !== null && 'id' in parsed ? parsed.id : undefined;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}
