import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { signUp, startWithSuperAdmin, type Session, type TestApp } from '../testing/test-app.ts';

describe('an admin’s limits for one user', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await startWithSuperAdmin()));
  afterAll(async () => t.close());

  const setLimits = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/api/users/${id}/limits`, headers: admin.headers, payload });
  const createLinks = async (headers: Record<string, string>, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++)
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: `https://example.com/${i}` } })).statusCode);
    return statuses;
  };

  it('starts with none: the plan’s limits are in force', async () => {
    const ada = await signUp(t.app, 'ada@example.com');
    const limits = await t.app.inject({ url: `/api/admin/api/users/${ada.user.id}/limits`, headers: admin.headers });
    expect(limits.json()).toEqual({
      user_id: ada.user.id,
      email: 'ada@example.com',
      plan_type: 'free',
      custom_monthly_links_limit: null,
      custom_api_calls_per_minute: null,
      custom_custom_domains_limit: null,
      custom_seats_limit: null,
      custom_analytics_retention_days: null,
      is_unlimited_user: false,
      current_limits: { monthly_links: 10, api_calls_per_minute: 100, custom_domains: 0, seats: 1, analytics_retention_days: 30 },
    });
  });

  it('raises a free user’s monthly links above the plan, and lowers them below it, enforced at once', async () => {
    const bo = await signUp(t.app, 'bo@example.com');
    const raised = await setLimits(bo.user.id, { custom_monthly_links_limit: 12 });
    expect(raised.json()).toMatchObject({ custom_monthly_links_limit: 12, current_limits: { monthly_links: 12 } });
    expect(await createLinks(bo.headers, 13)).toEqual([...Array(12).fill(201), 403]);

    const cy = await signUp(t.app, 'cy@example.com');
    await givePlan(t.platform, cy.user.id, 'pro');
    await setLimits(cy.user.id, { custom_monthly_links_limit: 2 });
    expect(await createLinks(cy.headers, 3)).toEqual([201, 201, 403]);
    // Empty and zero mean the plan's own again.
    const reset = await setLimits(cy.user.id, { custom_monthly_links_limit: '', custom_api_calls_per_minute: 0 });
    expect(reset.json()).toMatchObject({ custom_monthly_links_limit: null, custom_api_calls_per_minute: null, current_limits: { monthly_links: 1000 } });
    expect(await createLinks(cy.headers, 1)).toEqual([201]);
  });

  it('says a refused link met the account’s own limit, not the plan’s, and pitches no upgrade that would not lift it', async () => {
    const gus = await signUp(t.app, 'gus@example.com');
    await setLimits(gus.user.id, { custom_monthly_links_limit: 1 });
    expect(await createLinks(gus.headers, 1)).toEqual([201]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/urls', headers: gus.headers, payload: { original_url: 'https://example.com/more' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'You have created the 1 link your account allows this month (a limit set for your account, not by your plan). Wait until the 1st of next month, or ask support to change the limit.',
    );
  });

  it('sets the API rate limit, and lifts every limit for an unlimited user', async () => {
    const di = await signUp(t.app, 'di@example.com');
    const key = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: di.headers })).json<{ api_key: string }>().api_key;
    await setLimits(di.user.id, { custom_api_calls_per_minute: 1 });
    const call = () =>
      t.app.inject({ method: 'POST', url: '/api/urls/api', headers: { 'x-api-key': key }, payload: { original_url: 'https://example.com/api' } });
    expect([(await call()).statusCode, (await call()).statusCode]).toEqual([201, 429]);

    const unlimited = await setLimits(di.user.id, { custom_monthly_links_limit: 1, is_unlimited_user: true });
    expect(unlimited.json()).toMatchObject({ is_unlimited_user: true, current_limits: { monthly_links: -1, api_calls_per_minute: -1, custom_domains: -1 } });
    expect((await call()).statusCode).toBe(201);
    expect(await createLinks(di.headers, 11)).toEqual(Array(11).fill(201));
  });

  it('keeps a user’s own limits when their plan changes', async () => {
    const ed = await signUp(t.app, 'ed@example.com');
    await setLimits(ed.user.id, { custom_monthly_links_limit: 3 });
    await givePlan(t.platform, ed.user.id, 'enterprise');
    const after = await t.app.inject({ url: `/api/admin/api/users/${ed.user.id}/limits`, headers: admin.headers });
    expect(after.json()).toMatchObject({
      plan_type: 'enterprise',
      custom_monthly_links_limit: 3,
      current_limits: { monthly_links: 3, api_calls_per_minute: 10000 },
    });
  });

  it('refuses figures a person could not mean, saying why, and unknown users', async () => {
    const fi = await signUp(t.app, 'fi@example.com');
    const negative = await setLimits(fi.user.id, { custom_monthly_links_limit: -5 });
    expect([negative.statusCode, negative.json().detail]).toEqual([400, 'Limits must be -1 (unlimited) or more']);
    const fraction = await setLimits(fi.user.id, { custom_api_calls_per_minute: 1.5 });
    expect(fraction.statusCode).toBe(400);
    expect((await setLimits(999_999, {})).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/admin/api/users/${fi.user.id}/limits`, headers: admin.headers })).json()).toMatchObject({
      custom_monthly_links_limit: null,
    });
  });
});
