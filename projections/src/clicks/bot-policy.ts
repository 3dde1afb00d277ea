import { BOT_POLICY_STREAM, DEFAULT_BOT_POLICY, domainEventOf, type BotPolicy, type EventStore, type RecordedEvent } from '@linkledger/contracts';
import { profileUserAgentCached } from './user-agent.ts';

/** The event type that changes the policy: projectors that classify clicks subscribe to it too. */
export const BOT_POLICY_CHANGED = 'BotPolicyChanged';

/** A policy and the position of the event that set it (0 for the default). */
interface PositionedPolicy {
  policy: BotPolicy;
  position: number;
}

/** Where a projector learns the newest bot policy when it starts or rebuilds. */
export type BotPolicySource = () => Promise<PositionedPolicy>;

export const defaultBotPolicy: BotPolicySource = async () => ({ policy: DEFAULT_BOT_POLICY, position: 0 });

/** The newest policy in the log (its stream holds one small event per change). */
export function latestBotPolicy(events: Pick<EventStore, 'readStream'>): BotPolicySource {
  return async () => {
    let newest: PositionedPolicy = { policy: DEFAULT_BOT_POLICY, position: 0 };
    for (const recorded of await events.readStream(BOT_POLICY_STREAM)) {
      const event = domainEventOf(recorded);
      if (event?.type === 'BotPolicyChanged') newest = { policy: event.data, position: recorded.position };
    }
    return newest;
  };
}

/**
 * Whether a user agent is a bot under one policy: no user agent at all, a crawler or tool
 * the isbot list knows (when the policy counts them), or one of the policy's patterns
 * (case-insensitive substrings: no regular expressions, so no pattern can stall a projector).
 * Memoised per user agent, as real traffic repeats a small set of them.
 */
export class BotClassifier {
  private readonly patterns: string[];
  private readonly verdicts = new Map<string, boolean>();

  constructor(readonly policy: BotPolicy) {
    this.patterns = policy.patterns.map((pattern) => pattern.toLowerCase()).filter((pattern) => pattern !== '');
  }

  isBot(userAgent: string): boolean {
    let verdict = this.verdicts.get(userAgent);
    if (verdict === undefined) {
      if (this.verdicts.size >= 10_000) this.verdicts.clear();
      verdict = this.classify(userAgent);
      this.verdicts.set(userAgent, verdict);
    }
    return verdict;
  }

  private classify(userAgent: string): boolean {
    if (userAgent.trim() === '') return true;
    if (this.policy.known_bots && profileUserAgentCached(userAgent).is_bot) return true;
    if (this.patterns.length === 0) return false;
    const lower = userAgent.toLowerCase();
    return this.patterns.some((pattern) => lower.includes(pattern));
  }
}

export const DEFAULT_CLASSIFIER = new BotClassifier(DEFAULT_BOT_POLICY);

/**
 * The policy a projector classifies with: the newest it knows of. Loaded when the projector
 * starts or rebuilds (`load`), then followed through the policy events of its own
 * subscription (`observe`), so new clicks follow a change at once; clicks already projected
 * keep their verdict until a rebuild classifies every click again (a replay).
 */
export class BotPolicyFollower {
  classifier = DEFAULT_CLASSIFIER;
  private position = 0;

  constructor(private readonly source: BotPolicySource = defaultBotPolicy) {}

  async load(): Promise<void> {
    const { policy, position } = await this.source();
    if (position < this.position) return;
    this.classifier = new BotClassifier(policy);
    this.position = position;
  }

  /** True when the event is a policy change, adopted when newer than the policy in force. */
  observe(recorded: RecordedEvent): boolean {
    if (recorded.type !== BOT_POLICY_CHANGED) return false;
    const event = domainEventOf(recorded);
    if (event?.type === 'BotPolicyChanged' && recorded.position > this.position) {
      this.classifier = new BotClassifier(event.data);
      this.position = recorded.position;
    }
    return true;
  }
}
