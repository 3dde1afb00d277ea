import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { signUp, signUpVerified, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { inviteTokenMailedTo, sendInvite } from '../testing/workspaces.ts';

/**
 * A lone API process with no projector running: an invite and its acceptance land in the log
 * but no read model shows them. The caller is told the write happened (202), never a 404 that
 * would have them invite or accept again.
 */
describe('workspace writes before the read model shows them', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-'));
  let api: TestApp;
  let asha: Session;
  let ben: Session;
  let team: number;
  beforeAll(async () => {
    const owner = await startTestApp({}, { dataDir });
    await signUp(owner.app, 'root@example.com');
    asha = await signUpVerified(owner, 'asha@example.com');
    ben = await signUpVerified(owner, 'ben@example.com');
    const created = await owner.app.inject({ method: 'POST', url: '/api/workspaces', headers: asha.headers, payload: { name: 'Team', slug: 'team' } });
    team = created.json<{ workspace: { id: number } }>().workspace.id;
    await givePlan(owner.platform, team, 'pro');
    await owner.close();
    api = await startTestApp({ ROLE: 'api', READ_YOUR_WRITES_MS: '100' }, { dataDir });
  });
  afterAll(async () => {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 202 to an invite and to its acceptance, and the invite is mailed all the same', async () => {
    const sent = await sendInvite(api, asha, team, 'ben@example.com', 'member');
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ still_processing: true });
    const token = inviteTokenMailedTo(dataDir, 'ben@example.com');
    expect(token).toBeDefined();

    const accepted = await api.app.inject({ method: 'POST', url: '/api/workspace-invites/accept', headers: ben.headers, payload: { token } });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json()).toMatchObject({ still_processing: true, id: team });
    const joined = await api.platform.events.readStream(`workspace-${team}`);
    expect(joined.map((event) => event.type)).toEqual(['WorkspaceCreated', 'WorkspaceInviteSent', 'WorkspaceInviteAccepted']);
  });
});
