import { BOT_POLICY_STREAM, DEFAULT_BOT_POLICY, type BotPolicy, type BotPolicyView, type DomainEvent, type EventStore } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import type { RebuildLog } from './rebuild-log.ts';
import type { EventEnvelope } from '../commands/event-port.ts';
import { foldEvents } from '../commands/event-port.ts';

/** The policy in force and the event that set it (position 0, no time: the default). */
interface PolicyState {
  policy: BotPolicy;
  position: number;
  at: string | null;
}

const initial: PolicyState = { policy: DEFAULT_BOT_POLICY, position: 0, at: null };

function evolvePolicy(state: PolicyState, event: DomainEvent, envelope: EventEnvelope): PolicyState {
  return event.type === 'BotPolicyChanged' ? { policy: event.data, position: envelope.position, at: envelope.metadata.at } : state;
}

const samePolicy = (a: BotPolicy, b: BotPolicy) => a.known_bots === b.known_bots && a.patterns.join('\n') === b.patterns.join('\n');

/** The policy replaces the previous one whole; the same policy again records nothing. */
export const botPolicyDecider: Decider<BotPolicy, PolicyState> = {
  streamOf: () => BOT_POLICY_STREAM,
  initialState: initial,
  evolve: evolvePolicy,
  decide: (policy, state) => (samePolicy(policy, state.policy) ? [] : [{ type: 'BotPolicyChanged', data: policy }]),
};

/**
 * The policy as the admin sees it, and whether a replay is needed: a projection whose last
 * completed rebuild began before the policy changed still holds clicks classified under an
 * older one, if any click came before the change.
 */
export async function botPolicyView(events: Pick<EventStore, 'readStream' | 'readAll'>, rebuilds: RebuildLog): Promise<BotPolicyView> {
  const state = foldEvents(await events.readStream(BOT_POLICY_STREAM), evolvePolicy, initial);
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
