import { useEffect, useRef, useState } from 'react';
import type { EventTailClientMessage, EventTailFilter, EventTailServerMessage, HistoryEvent } from '@linkledger/contracts';
import { storedToken } from '../../../api/client.ts';

export type TailStatus = 'off' | 'connecting' | 'live' | 'closed';

interface TailHandlers {
  /** The tail is listening from the log's head on: a good moment to read the newest page again. */
  onReady(): void;
  /** New events, oldest first; `skipped`: those of a burst the server left out. */
  onEvents(events: HistoryEvent[], skipped: number): void;
}

interface Reported {
  session: string;
  status: TailStatus;
  detail: string | null;
}

const CLOSED = 'The live tail was closed.';

/**
 * The event browser's live tail (`/api/admin/events/live`) while `enabled`: it authenticates
 * with the session's token, as the app's own live socket does (live/live.ts), listens with the
 * given filter and opens again whenever the filter changes. A socket that closes stays closed,
 * saying why, until `reconnect()`.
 */
export function useEventTail(enabled: boolean, filter: EventTailFilter, handlers: TailHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const [attempt, setAttempt] = useState(0);
  const [reported, setReported] = useState<Reported | null>(null);
  const filterKey = JSON.stringify(filter);
  const session = `${attempt}:${filterKey}`;

  useEffect(() => {
    if (!enabled) return;
    const report = (status: TailStatus, detail: string | null = null) => setReported({ session, status, detail });
    const token = storedToken();
    if (!token) {
      const timer = setTimeout(() => report('closed', 'Sign in again to watch the log live.'));
      return () => clearTimeout(timer);
    }
    let ours = true;
    let refusal: string | null = null;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/api/admin/events/live`);
    socket.onopen = () => {
      const first: EventTailClientMessage = { type: 'auth', token, filter: JSON.parse(filterKey) as EventTailFilter };
      socket.send(JSON.stringify(first));
    };
    socket.onmessage = (message) => {
      if (!ours) return;
      const parsed = JSON.parse(String(message.data)) as EventTailServerMessage;
      if (parsed.type === 'ready') {
        report('live');
        latest.current.onReady();
      } else if (parsed.type === 'events') {
        latest.current.onEvents(parsed.events, parsed.skipped);
      } else {
        refusal = parsed.detail;
      }
    };
    socket.onclose = (event) => {
      if (ours) report('closed', refusal ?? (event.reason ? `${CLOSED} ${event.reason}.` : CLOSED));
    };
    return () => {
      ours = false;
      socket.close();
      // Switched off or opened again: what this socket said no longer applies.
      setReported(null);
    };
  }, [enabled, session, filterKey]);

  const current = reported?.session === session ? reported : null;
  return {
    status: enabled ? (current?.status ?? 'connecting') : ('off' as TailStatus),
    detail: enabled ? (current?.detail ?? null) : null,
    reconnect: () => setAttempt((n) => n + 1),
  };
}
