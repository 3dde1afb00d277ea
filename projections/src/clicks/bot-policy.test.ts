import { currentVersion, type RecordedEvent } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { BotClassifier, BotPolicyFollower, latestBotPolicy } from './bot-policy.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const MONITOR = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 AcmeInternal/2.0';

const policyEvent = (position: number, known_bots: boolean, patterns: string[]): RecordedEvent => ({
  id: `p${position}`,
  stream: 'bot-policy',
  revision: 0,
  position,
  type: 'BotPolicyChanged',
  version: currentVersion.BotPolicyChanged,
  data: { known_bots, patterns },
  metadata: { actor: { kind: 'user', id: '1' }, correlation_id: 'c', causation_id: 'c', at: '2026-11-23T10:00:00.000Z' },
});

describe('BotClassifier', () => {
  it('counts known crawlers, empty user agents and the policy’s patterns as bots', () => {
    const standard = new BotClassifier({ known_bots: true, patterns: [] });
    expect([CHROME, GOOGLEBOT, MONITOR, '', '  '].map((ua) => standard.isBot(ua))).toEqual([false, true, false, true, true]);
    const custom = new BotClassifier({ known_bots: false, patterns: ['acmeinternal'] });
    expect([CHROME, GOOGLEBOT, MONITOR, ''].map((ua) => custom.isBot(ua))).toEqual([false, false, true, true]);
  });
});

describe('BotPolicyFollower', () => {
  it('loads the newest policy, then adopts only newer changes from the projector’s own events', async () => {
    const follower = new BotPolicyFollower(async () => ({ policy: { known_bots: false, patterns: [] }, position: 10 }));
    expect(follower.classifier.isBot(GOOGLEBOT)).toBe(true);
    await follower.load();
    expect(follower.classifier.isBot(GOOGLEBOT)).toBe(false);
    // An older change delivered again (a projector resuming before it) is ignored…
    expect(follower.observe(policyEvent(5, true, []))).toBe(true);
    expect(follower.classifier.isBot(GOOGLEBOT)).toBe(false);
    // …a newer one is adopted; other events are not policy changes.
    expect(follower.observe(policyEvent(12, false, ['acmeinternal']))).toBe(true);
    expect(follower.classifier.isBot(MONITOR)).toBe(true);
    expect(follower.observe({ ...policyEvent(13, true, []), type: 'Clicked' })).toBe(false);
  });

  it('reads the newest policy of the log, or the default without one', async () => {
    const events = (recorded: RecordedEvent[]) => ({ readStream: async () => recorded });
    expect(await latestBotPolicy(events([]))()).toEqual({ policy: { known_bots: true, patterns: [] }, position: 0 });
    expect(await latestBotPolicy(events([policyEvent(3, false, []), policyEvent(9, true, ['x'])]))()).toEqual({
      policy: { known_bots: true, patterns: ['x'] },
      position: 9,
    });
  });
});
