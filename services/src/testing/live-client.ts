import WebSocket from 'ws';
import type { LiveServerMessage } from '@linkledger/contracts';

/** A browser-like /api/live client: authenticates, then collects every message. */
export async function liveClient(baseUrl: string, token: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/live`);
  const messages: LiveServerMessage[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as LiveServerMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token }));
  const deadline = Date.now() + 5000;
  while (!messages.some((m) => m.type === 'ready' || m.type === 'error')) {
    if (Date.now() > deadline) throw new Error('No answer to auth on /api/live');
    await new Promise((r) => setTimeout(r, 10));
  }
  return {
    messages,
    clicks: () => messages.filter((m): m is Extract<LiveServerMessage, { type: 'click' }> => m.type === 'click'),
    close: () => socket.close(),
    closed: new Promise<number>((resolve) => socket.once('close', (code) => resolve(code))),
  };
}
