import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { LiveHub, MEMBERSHIP_ENDED, type LiveSocket } from './hub.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the live hub and a membership that ends while a socket signs in', () => {
  it('closes a socket whose user stopped being a member between the route’s check and joining the hub, instead of sending them the workspace’s clicks', async () => {
    // The route found the user a member a moment ago; by the time the socket joins, they are not (removed, or the workspace deleted).
    const hub = new LiveHub(
      t.platform.events,
      t.platform,
      async () => null,
      async () => null,
    );
    const ended: [number, string][] = [];
    const socket: LiveSocket = { userId: 7, workspaceId: 40, token: 'token', send: () => undefined, end: (code, reason) => ended.push([code, reason]) };
    await hub.add(socket);
    expect(ended).toEqual([[MEMBERSHIP_ENDED.code, MEMBERSHIP_ENDED.reason]]);
    expect(hub.connections).toBe(0);
    await hub.stop();
  });
});
