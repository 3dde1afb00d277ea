import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UTM_TEMPLATES_MAX } from '@linkledger/contracts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { callInWorkspace, launchTeam } from '../testing/workspaces.ts';
import type { Session } from '../testing/test-app.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof launchTeam>>;
beforeAll(async () => {
  t = await startTestApp();
  team = await launchTeam(t);
});
afterAll(async () => t.close());

const call = (who: Pick<Session, 'headers'>, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  callInWorkspace(t, who, method, url, team.team, payload);

describe('saved UTM templates of a workspace (docs/links.md#utm-parameters)', () => {
  it('a member saves, lists, edits and deletes templates; a viewer only lists them', async () => {
    const saved = await call(team.ben, 'POST', '/api/utm-templates', { name: ' Newsletter ', utm_source: 'newsletter', utm_medium: 'email', utm_term: '' });
    expect(saved.statusCode).toBe(201);
    const template = saved.json<{ id: number }>();
    expect(saved.json()).toMatchObject({
      name: 'Newsletter',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
    });

    const listed = await call(team.vikram, 'GET', '/api/utm-templates');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ max: UTM_TEMPLATES_MAX, templates: [{ id: template.id, name: 'Newsletter' }] });
    expect((await call(team.vikram, 'POST', '/api/utm-templates', { name: 'Viewer’s', utm_source: 'x' })).statusCode).toBe(403);
    expect((await call(team.vikram, 'DELETE', `/api/utm-templates/${template.id}`)).statusCode).toBe(403);
    // Not the personal workspace's: there it does not exist.
    expect((await callInWorkspace(t, team.ben, 'GET', '/api/utm-templates', null)).json()).toEqual({ templates: [], max: UTM_TEMPLATES_MAX });
    expect((await callInWorkspace(t, team.ben, 'PATCH', `/api/utm-templates/${template.id}`, null, { name: 'Mine' })).statusCode).toBe(404);

    const edited = await call(team.asha, 'PATCH', `/api/utm-templates/${template.id}`, { name: 'Weekly letter', utm_medium: null, utm_campaign: 'spring' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: template.id, name: 'Weekly letter', utm_source: 'newsletter', utm_medium: null, utm_campaign: 'spring' });

    expect((await call(team.ben, 'DELETE', `/api/utm-templates/${template.id}`)).statusCode).toBe(200);
    expect((await call(team.ben, 'GET', '/api/utm-templates')).json()).toEqual({ templates: [], max: UTM_TEMPLATES_MAX });
    expect((await call(team.ben, 'DELETE', `/api/utm-templates/${template.id}`)).statusCode).toBe(404);
  });

  it('refuses a name taken in the workspace (409), an unknown field or a bad value (400 naming it), and a template beyond the limit', async () => {
    expect((await call(team.ben, 'POST', '/api/utm-templates', { name: 'Ads', utm_source: 'google' })).statusCode).toBe(201);
    const taken = await call(team.asha, 'POST', '/api/utm-templates', { name: 'ADS', utm_source: 'bing' });
    expect([taken.statusCode, taken.json().detail]).toEqual([409, 'This workspace already has a UTM template named “ADS”: choose another name.']);
    for (const [payload, detail] of [
      [{ name: 'X', utm_source: 'a', utm_id: '7' }, 'remove utm_id'],
      [{ name: 'X' }, 'A template sets at least one UTM parameter.'],
      [{ name: 'Two\nlines', utm_source: 'a' }, 'one line of text'],
      [{ name: 'X', utm_campaign: 'c'.repeat(201) }, 'UTM campaign must be at most 200 characters'],
    ] as const) {
      const refused = await call(team.ben, 'POST', '/api/utm-templates', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().detail).toContain(detail);
    }
    const held = (await call(team.ben, 'GET', '/api/utm-templates')).json<{ templates: unknown[] }>().templates.length;
    for (let index = held; index < UTM_TEMPLATES_MAX; index += 1) {
      expect((await call(team.ben, 'POST', '/api/utm-templates', { name: `Template ${index}`, utm_source: 's' })).statusCode).toBe(201);
    }
    const beyond = await call(team.ben, 'POST', '/api/utm-templates', { name: 'One more', utm_source: 's' });
    expect([beyond.statusCode, beyond.json().detail]).toEqual([
      409,
      `This workspace already keeps ${UTM_TEMPLATES_MAX} UTM templates, the most it may: delete one to save another.`,
    ]);
  });

  it('answers a hostile name as JSON text, as it was given', async () => {
    const name = '<img src=x onerror=alert(1)> “&”';
    const saved = await callInWorkspace(t, team.asha, 'POST', '/api/utm-templates', null, { name, utm_content: '"}]</script>' });
    expect(saved.statusCode).toBe(201);
    expect(saved.headers['content-type']).toMatch(/^application\/json/);
    const [listed] = (await callInWorkspace(t, team.asha, 'GET', '/api/utm-templates', null)).json<{ templates: { name: string; utm_content: string }[] }>()
      .templates;
    expect(listed).toMatchObject({ name, utm_content: '"}]</script>' });
  });
});
