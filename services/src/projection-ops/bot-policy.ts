import { BOT_POLICY_STREAM, type BotPolicyView, type EventStore } from '@linkledger/contracts';
import { foldEvents } from '../commands/event-port.ts';
import { evolvePolicy, noPolicyChange } from './bot-policy-state.ts';
import type { RebuildLog } from './rebuild-log-state.ts';

/**
 * The policy as the admin sees it, and whether a replay is needed: a projection whose last
 * completed rebuild began before the policy changed still holds clicks classified under an
 * older one, if any click came before the change.
 */
export async function botPolicyView(events: Pick<EventStore, 'readStream' | 'readAll'>, rebuilds: RebuildLog): Promise<BotPolicyView> {
  const state = foldEvents(await events.readStream(BOT_POLICY_STREAM), evolvePolicy, noPolicyChange);
  let replay_needed = false;
  for (const key of ['read', 'analytics'] as const) {
    if (state.position === 0 || replay_needed) break;
    const rebuilt = rebuilds.filter((record) => record.finished?.outcome === 'done' && record.projections.includes(key)).at(-1)?.started_position ?? 0;
    if (rebuilt > state.position) continue;
    const [click] = await events.readAll({ after: rebuilt, limit: 1, filter: { types: ['Clicked'] } });
    replay_needed = click !== undefined && click.position < state.position;
  }
  return { ...state.policy, updated_at: state.at, replay_needed };
}
