import { create } from 'zustand';
import type { LiveServerMessage } from '@linkledger/contracts';

type LiveStatus = 'offline' | 'connecting' | 'live';
export type LiveClick = Extract<LiveServerMessage, { type: 'click' }>;
export type LiveActivity = Extract<LiveServerMessage, { type: 'activity' }>;
type Listener = (click: LiveClick) => void;
type ActivityListener = (activity: LiveActivity) => void;

export const useLiveStatus = create<{ status: LiveStatus }>(() => ({ status: 'offline' }));

/** Backoff after the n-th failed attempt in a row: 1 s, 2 s, 4 s … up to 30 s, with jitter. */
function reconnectDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + random() * 0.4));
}

/**
 * One websocket per signed-in tab (`/api/live`): it authenticates with the session token and
 * watches the chosen workspace (docs/workspaces.md#live-clicks), hands every click and every new
 * activity entry (docs/workspaces.md#live-activity) to the screens listening, and reconnects
 * with backoff when dropped.
 */
class LiveConnection {
  private socket: WebSocket | null = null;
  private token: string | null = null;
  /** The workspace watched; null is the caller's personal one. */
  private workspaceId: number | null = null;
  private attempts = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly activityListeners = new Set<ActivityListener>();

  start(token: string, workspaceId: number | null = null) {
    if (this.token === token && this.workspaceId === workspaceId && this.socket) return;
    this.stop();
    this.token = token;
    this.workspaceId = workspaceId;
    this.connect();
  }

  stop() {
    this.token = null;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    useLiveStatus.setState({ status: 'offline' });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  subscribeActivity(listener: ActivityListener): () => void {
    this.activityListeners.add(listener);
    return () => this.activityListeners.delete(listener);
  }

  private connect() {
    const token = this.token;
    if (!token) return;
    useLiveStatus.setState({ status: 'connecting' });
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/api/live`);
    this.socket = socket;
    const workspace = this.workspaceId === null ? {} : { workspace_id: this.workspaceId };
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token, ...workspace }));
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as LiveServerMessage;
      if (message.type === 'ready') {
        this.attempts = 0;
        useLiveStatus.setState({ status: 'live' });
      } else if (message.type === 'click') {
        for (const listener of this.listeners) listener(message);
      } else if (message.type === 'activity') {
        for (const listener of this.activityListeners) listener(message);
      } else if (message.type === 'error') {
        // A refused token will not get better by retrying: stay offline until the next sign-in.
        this.token = null;
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      useLiveStatus.setState({ status: this.token ? 'connecting' : 'offline' });
      if (!this.token) return;
      this.attempts += 1;
      this.retry = setTimeout(() => this.connect(), reconnectDelayMs(this.attempts));
    };
  }
}

export const live = new LiveConnection();
