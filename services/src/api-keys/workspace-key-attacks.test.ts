import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyScope, WorkspaceApiKey } from '@linkledger/contracts';
import { signUpVerified, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { ONE_KEY_WITHOUT_ADVANCED_API } from './workspace-key-deciders.ts';

let t: TestApp;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (session: Session, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

async function createKey(session: Session, workspaceId: number, scopes: ApiKeyScope[], name = 'Attack') {
  const created = await call(session, 'POST', `/api/workspaces/${workspaceId}/api-keys`, { name, scopes });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ key: WorkspaceApiKey; api_key: string }>();
}

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
});
afterAll(() => t.close());

describe('without Advanced API, the one key cannot be doubled through the account’s key calls', () => {
  it('a Free account holding a workspace key gets no account key beside it, by generate or by regenerate', async () => {
    const solo = await signUpVerified(t, 'doubler@example.com');
    await createKey(solo, solo.user.id, ['links:read', 'links:write']);
    for (const path of ['generate-api-key', 'regenerate-api-key']) {
      const second = await call(solo, 'POST', `/api/users/me/${path}`);
      expect(second.statusCode, `${path}: ${second.body}`).toBe(403);
      expect(second.json().detail).toBe(ONE_KEY_WITHOUT_ADVANCED_API);
    }
    expect((await call(solo, 'GET', '/api/users/me/api-key')).statusCode).toBe(404);
    expect((await call(solo, 'GET', `/api/workspaces/${solo.user.id}/api-keys`)).json().keys).toHaveLength(1);
  });
});
