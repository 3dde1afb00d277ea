import { handleCommand, type CommandDeps } from '../commands/command-handler.ts';
import type { CommandContext } from '../commands/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { mintApiKey, revealApiKey } from './api-key.ts';
import { issueApiKeyDecider } from './api-key-deciders.ts';

interface IssuedKey {
  /** The key in plain text, for this answer only. */
  apiKey: string;
  /** False when generate found a key and answered with it. */
  created: boolean;
}

/**
 * Generates (or, with replace, regenerates) the user's key on the `user-{id}` stream; the
 * answer waits for the read model, so its key works at once and a replaced one already fails.
 */
export async function issueApiKey(
  platform: CommandDeps & Pick<Platform, 'secret'>,
  context: CommandContext,
  command: { userId: number; replace: boolean },
): Promise<IssuedKey> {
  const key = mintApiKey(platform.secret);
  const { state, events } = await handleCommand(platform, context, issueApiKeyDecider, { ...command, key });
  if (!events.length && state.current) return { apiKey: revealApiKey(platform.secret, state.current.keyEncrypted), created: false };
  return { apiKey: key.plain, created: true };
}
