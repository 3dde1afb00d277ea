import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotPolicyView, ProjectionsReport } from '@linkledger/contracts';
import { LINKS, type LinkView } from '@linkledger/projections';
import { CHROME, GOOGLEBOT } from '../testing/http-client.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { seedClicks } from '../testing/seed-clicks.ts';
import { signUp, startWithSuperAdmin, type Session, type TestApp } from '../testing/test-app.ts';

/** A browser-like user agent no list knows: the company's own uptime checker, say. */
const INTERNAL = `${CHROME} AcmeInternal/2.0`;

describe('the bot policy and its replay over every click', () => {
  let t: TestApp;
  let admin: Session;
  let link: LinkView;
  beforeAll(async () => {
    ({ t, admin } = await startWithSuperAdmin({ REDIRECT_RATE_PER_IP: '0' }));
    const owner = await signUp(t.app, 'owner@example.com');
    link = (
      await t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/' } })
    ).json<LinkView>();
    // 30 browsers, 20 Googlebots, 10 of the internal checker.
    await seedClicks(t.platform, { id: link.id, owner_id: owner.user.id }, 60, [CHROME, GOOGLEBOT, CHROME, INTERNAL, CHROME, GOOGLEBOT]);
    await caughtUp();
  });
  afterAll(async () => t.close());

  const caughtUp = () => projectorsCaughtUp(t.platform);
  const policy = async () => (await t.app.inject({ url: '/api/admin/bot-policy', headers: admin.headers })).json<BotPolicyView>();
  const counts = async () => {
    const [row] = await t.platform.analytics.query<{ human: number; bot: number }>(
      'SELECT countIf(is_bot = 0) AS human, countIf(is_bot = 1) AS bot FROM clicks',
    );
    return { human: Number(row!.human), bot: Number(row!.bot), shown: (await t.platform.read.get<LinkView>(LINKS, link.id))!['total_clicks'] };
  };

  it('reports human and bot clicks before and after a replay, which change with the policy', async () => {
    expect(await policy()).toEqual({ known_bots: true, patterns: [], updated_at: null, replay_needed: false });
    expect(await counts()).toEqual({ human: 40, bot: 20, shown: 40 });

    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/bot-policy',
      headers: admin.headers,
      payload: { known_bots: false, patterns: ['x'] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().detail).toMatch(/at least 2 characters/);

    // Search engines count as people now; the internal checker does not.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/bot-policy',
      headers: admin.headers,
      payload: { known_bots: false, patterns: [' AcmeInternal ', 'acmeinternal'] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Bot policy saved successfully. New clicks follow it from now on; replay to classify past clicks again.',
      policy: { known_bots: false, patterns: ['acmeinternal'], updated_at: expect.any(String), replay_needed: true },
    });
    // New clicks follow it at once; past ones keep their verdict until the replay.
    for (const userAgent of [GOOGLEBOT, INTERNAL])
      expect((await t.app.inject({ url: `/${link.short_code}`, headers: { 'user-agent': userAgent } })).statusCode).toBe(302);
    await caughtUp();
    expect(await counts()).toEqual({ human: 41, bot: 21, shown: 41 });

    const started = await t.app.inject({ method: 'POST', url: '/api/admin/projections/replay-bots', headers: admin.headers });
    expect(started.statusCode).toBe(202);
    expect(started.json().rebuild).toMatchObject({ projections: ['read', 'analytics'], reason: 'bot_policy_replay' });
    const report = async () => (await t.app.inject({ url: '/api/admin/projections', headers: admin.headers })).json<ProjectionsReport>();
    await expect.poll(async () => (await report()).rebuild?.state, { timeout: 20_000 }).toBe('done');
    // 62 clicks: 30 browsers + 21 Googlebots are people now, the 11 internal checks bots.
    expect((await report()).rebuild!.clicks).toEqual({ before: { human: 41, bot: 21 }, after: { human: 51, bot: 11 } });
    await caughtUp();
    // The dashboard's totals (read model) and the analytics agree again.
    expect(await counts()).toEqual({ human: 51, bot: 11, shown: 51 });
    expect((await policy()).replay_needed).toBe(false);
  });
});
