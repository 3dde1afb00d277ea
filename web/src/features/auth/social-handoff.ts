/**
 * What the login screen remembers when it sends the browser to a provider, so the callback
 * screen knows which provider answered and can send back the state the server signed.
 * Kept in session storage (this tab only), keyed by the state: the provider hands the state
 * back, so a return is matched to the sign-in this tab started — and a return with a state
 * this tab never received is refused. Entries stay until the tab closes or the user signs
 * out, so a reused return link meets the server's own answer (code_used).
 */

const KEY = 'oauth_pending';
/** Only the latest few sign-ins are kept; the server's states expire within minutes anyway. */
const KEEP = 5;

interface PendingSocialSignIn {
  provider: string;
  state: string;
}

export const callbackUrl = (origin = window.location.origin) => `${origin}/auth/callback`;

function readAll(): PendingSocialSignIn[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((entry): entry is PendingSocialSignIn => typeof entry?.provider === 'string' && typeof entry?.state === 'string')
      : [];
  } catch {
    return [];
  }
}

export function rememberSocialSignIn(pending: PendingSocialSignIn): void {
  const others = readAll().filter((entry) => entry.state !== pending.state);
  sessionStorage.setItem(KEY, JSON.stringify([...others, pending].slice(-KEEP)));
}

/** The sign-in a return belongs to: by the state it brought back, else (no state) the latest one. */
export function findSocialSignIn(returnedState: string | null): PendingSocialSignIn | null {
  const all = readAll();
  if (returnedState === null) return all.at(-1) ?? null;
  return all.find((entry) => entry.state === returnedState) ?? null;
}
