import { loadStream, metadataFor, toNewEvent, withRetries, type CommandContext } from '../platform/commands.ts';
import type { Platform } from '../platform/platform.ts';
import { waitForReadModel } from '../platform/request-context.ts';
import { mintApiKey, revealApiKey } from './api-key.ts';
import { decideGenerateApiKey, decideRegenerateApiKey, evolveApiKey, noApiKeyState } from './decide.ts';

export interface IssuedKey {
  /** The key in plain text, for this answer only. */
  apiKey: string;
  /** False when generate found a key and answered with it. */
  created: boolean;
}

/**
 * Generates (or, with replace, regenerates) the user's key on the `user-{id}` stream with
 * its expected revision, then waits for the read model, so the answer's key works at once
 * and a replaced one already fails.
 */
export async function issueApiKey(platform: Platform, context: CommandContext, command: { userId: number; replace: boolean }): Promise<IssuedKey> {
  const stream = `user-${command.userId}`;
  const metadata = metadataFor(context);
  const decide = command.replace ? decideRegenerateApiKey : decideGenerateApiKey;
  const result = await withRetries(async () => {
    const { state, revision } = await loadStream(platform.events, stream, noApiKeyState, evolveApiKey);
    const key = mintApiKey(platform.secret);
    const events = decide({ key }, state);
    if (!events.length && state.current) return { apiKey: revealApiKey(platform.secret, state.current.keyEncrypted), created: false, position: null };
    const { position } = await platform.events.append([{ stream, expected: revision ?? 'no_stream', events: events.map((e) => toNewEvent(e, metadata)) }]);
    return { apiKey: key.plain, created: true, position };
  });
  if (result.position !== null) await waitForReadModel(platform, result.position);
  return { apiKey: result.apiKey, created: result.created };
}
