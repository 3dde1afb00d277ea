import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import type { CommandContext } from './command-context.ts';
import { forbidden } from './domain-error.ts';
import { SqliteEventStore } from '../stores/events/sqlite-event-store.ts';
import { handleCommand, type Decider } from './command-handler.ts';

/** A trivial command, as a new feature would declare it: switch the sign-up on or off. */
const signupSwitch: Decider<{ enabled: boolean }, { enabled: boolean; seen: number }> = {
  streamOf: () => 'system-test',
  initialState: { enabled: true, seen: 0 },
  evolve: (state, event) => (event.type === 'SignupToggled' ? { enabled: event.data.enabled, seen: state.seen + 1 } : state),
  decide: (command, state): DomainEvent[] => (command.enabled === state.enabled ? [] : [{ type: 'SignupToggled', data: { enabled: command.enabled } }]),
};

const context: CommandContext = { actor: { kind: 'user', id: '1' }, correlationId: 'corr-1', now: new Date('2026-11-23T10:00:00Z') };

describe('handleCommand', () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkledger-commands-'));
  const events = new SqliteEventStore(join(dir, 'events.db'), { synchronous: 'NORMAL' });
  const waited: number[] = [];
  const progress = { waitFor: async (position: number) => (waited.push(position), true) };
  const platform = { events, readModel: progress, linkCache: { progress } };
  afterAll(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given no events, when a command decides one, appends it with the context’s metadata and waits for the read models', async () => {
    const handled = await handleCommand(platform, context, signupSwitch, { enabled: false });
    expect(handled.state).toEqual({ enabled: true, seen: 0 });
    expect(handled.events).toEqual([{ type: 'SignupToggled', data: { enabled: false } }]);
    const [stored] = await events.readStream('system-test');
    expect(stored).toMatchObject({
      type: 'SignupToggled',
      revision: 0,
      metadata: { actor: context.actor, correlation_id: 'corr-1', at: context.now.toISOString() },
    });
    expect(waited).toContain(handled.position);
  });

  it('given the state already holds, appends nothing and waits for nothing', async () => {
    const before = waited.length;
    const handled = await handleCommand(platform, context, signupSwitch, { enabled: false });
    expect(handled).toMatchObject({ events: [], position: null, state: { enabled: false, seen: 1 } });
    expect(await events.readStream('system-test')).toHaveLength(1);
    expect(waited).toHaveLength(before);
  });

  it('decides again on the fresh state when another writer appended in between (optimistic concurrency)', async () => {
    let sneaked = false;
    const racing = {
      ...platform,
      events: Object.assign(Object.create(events) as SqliteEventStore, {
        readStream: async (stream: string) => {
          const read = await events.readStream(stream);
          if (!sneaked) {
            sneaked = true;
            // Someone else switches it on right after this command read the stream.
            await handleCommand(platform, context, signupSwitch, { enabled: true });
          }
          return read;
        },
        append: events.append.bind(events),
      }),
    };
    const handled = await handleCommand(racing, context, signupSwitch, { enabled: true });
    // The first attempt's append conflicted; the retry saw the other writer's event and had nothing left to do.
    expect(handled).toMatchObject({ events: [], position: null, state: { enabled: true, seen: 2 } });
    expect((await events.readStream('system-test')).map((e) => (e.data as { enabled: boolean }).enabled)).toEqual([false, true]);
  });

  it('answers 409 when every attempt loses the race, and lets a decider’s own error through', async () => {
    const alwaysLate = {
      ...platform,
      events: Object.assign(Object.create(events) as SqliteEventStore, { readStream: async () => [], append: events.append.bind(events) }),
    };
    await expect(handleCommand(alwaysLate, context, signupSwitch, { enabled: false })).rejects.toMatchObject({ refusal: 'conflict' });
    const refusing = {
      ...signupSwitch,
      decide: () => {
        throw forbidden('Not yours');
      },
    };
    await expect(handleCommand(platform, context, refusing, { enabled: false })).rejects.toMatchObject({ refusal: 'forbidden', detail: 'Not yours' });
  });

  describe('a claim in the context (an Idempotency-Key)', () => {
    const claim = (expected: 'no_stream' | number): NonNullable<CommandContext['claim']> => ({
      stream: 'idempotency-test',
      expected,
      event: {
        type: 'IdempotencyKeyClaimed',
        data: { fingerprint: 'f', resource: 'link', resource_id: 1, answer: null, expires_at: '2026-11-24T10:00:00.000Z' },
      },
    });

    it('is appended in the same append as the decided events, and not at all when nothing is decided', async () => {
      const handled = await handleCommand(platform, { ...context, claim: claim('no_stream') }, signupSwitch, { enabled: false });
      const [claimed] = await events.readStream('idempotency-test');
      expect(claimed).toMatchObject({ type: 'IdempotencyKeyClaimed', position: handled.position, metadata: { correlation_id: 'corr-1' } });
      await handleCommand(platform, { ...context, claim: claim(0) }, signupSwitch, { enabled: false });
      expect(await events.readStream('idempotency-test')).toHaveLength(1);
    });

    it('makes the whole command fail when the key was claimed meanwhile, so the key and the write go together', async () => {
      const before = await events.readStream('system-test');
      const enabled = (before.at(-1)?.data as { enabled: boolean } | undefined)?.enabled ?? true;
      // The command would switch it (it decides an event), but the key's stream is no longer empty.
      await expect(handleCommand(platform, { ...context, claim: claim('no_stream') }, signupSwitch, { enabled: !enabled })).rejects.toMatchObject({
        refusal: 'conflict',
      });
      expect(await events.readStream('system-test')).toHaveLength(before.length);
    });
  });

  it('says when the read models did not include the write in time, and tells the request', async () => {
    const slow = { waitFor: async () => false };
    let told = 0;
    const handled = await handleCommand({ ...platform, readModel: slow }, { ...context, onNotYetShown: () => told++ }, signupSwitch, { enabled: true });
    expect(handled).toMatchObject({ shown: false, events: [{ type: 'SignupToggled' }] });
    expect(told).toBe(1);
    expect(await handleCommand({ ...platform, readModel: slow }, context, signupSwitch, { enabled: true })).toMatchObject({ shown: true, position: null });
  });
});
