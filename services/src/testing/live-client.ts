import WebSocket from 'ws';
import type { LiveServerMessage } from '@linkledger/contracts';

/** A browser-like /api/live client: authenticates, then collects every message. */
export async function liveClient(baseUrl: string, token: string, workspaceId?: number) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/live`);
  const messages: LiveServerMessage[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as LiveServerMessage));
  // Listened for from the start: the server may close right after answering the auth message.
  const closedWith = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token, ...(workspaceId === undefined ? {} : { workspace_id: workspaceId }) }));
  const deadline = Date.now() + 5000;
  while (!messages.some((m) => m.type === 'ready' || m.type === 'error')) {
    if (Date.now() > deadline) throw new Error('No answer to auth on /api/live');
    await new Promise((r) => setTimeout(r, 10));
  }
  return {
    messages,
    clicks: () => messages.filter((m): m is Extract<LiveServerMessage, { type: 'click' }> => m.type === 'click'),
    activities: () => messages.filter((m): m is Extract<LiveServerMessage, { type: 'activity' }> => m.type === 'activity'),
    close: () => socket.close(),
    /** The close code and the reason the server gave. */
    closedWith,
  };
}
