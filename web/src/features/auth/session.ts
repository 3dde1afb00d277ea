import { create } from 'zustand';
import { accountsApi } from '../../api/endpoints.ts';
import { TOKEN_KEY, setUnauthorizedHandler, storedToken } from '../../api/client.ts';
import type { User } from '../../api/types.ts';
import { clearQueries } from '../../api/query.ts';
import { forgetChosenWorkspace } from '../../api/chosen-workspace.ts';

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** Loads the user behind a stored token, or settles as signed out (docs/accounts.md#sessions-and-signing-out). */
  start(): Promise<void>;
  /** Stores the token, then loads the user. */
  signInWithToken(token: string): Promise<void>;
  /** Signs in, or answers the challenge of the code step for an account with a second factor (docs/accounts.md#second-factor). */
  login(email: string, password: string): Promise<{ challenge: string } | null>;
  /** The code step: a good authenticator or recovery code for the challenge signs in. */
  completeSecondFactor(challenge: string, code: string): Promise<void>;
  register(email: string, password: string): Promise<void>;
  reloadUser(): Promise<void>;
  logout(): Promise<void>;
  /** Forgets the session locally (a 401, or a failed start). */
  clear(): void;
}

/** The keys a session leaves in local storage; logout removes them all. */
const AUTH_KEYS = [TOKEN_KEY, 'user', 'access_token', 'refresh_token'];

function forgetStoredSession() {
  for (const key of AUTH_KEYS) localStorage.removeItem(key);
  // The next account signed in on this tab must not see this one's data, nor start in its workspace.
  clearQueries();
  forgetChosenWorkspace();
}

export const useSession = create<SessionState>((set, get) => ({
  status: storedToken() ? 'loading' : 'signed-out',
  user: null,

  async start() {
    if (!storedToken()) return set({ status: 'signed-out', user: null });
    try {
      set({ status: 'signed-in', user: await accountsApi.me() });
    } catch {
      get().clear();
    }
  },

  async signInWithToken(token) {
    localStorage.setItem(TOKEN_KEY, token);
    try {
      set({ status: 'signed-in', user: await accountsApi.me() });
    } catch (error) {
      get().clear();
      throw error;
    }
  },

  async login(email, password) {
    const answer = await accountsApi.token(email, password);
    if ('second_factor_required' in answer) return { challenge: answer.challenge };
    await get().signInWithToken(answer.access_token);
    return null;
  },

  async completeSecondFactor(challenge, code) {
    const { access_token } = await accountsApi.secondFactorToken(challenge, code);
    await get().signInWithToken(access_token);
  },

  async register(email, password) {
    await accountsApi.register(email, password);
    await get().login(email, password);
  },

  async reloadUser() {
    set({ user: await accountsApi.me() });
  },

  async logout() {
    // The server revokes the token; if it cannot be reached, the local sign-out still happens.
    await accountsApi.logout().catch(() => undefined);
    forgetStoredSession();
    sessionStorage.clear();
    set({ status: 'signed-out', user: null });
  },

  clear() {
    forgetStoredSession();
    set({ status: 'signed-out', user: null });
  },
}));

setUnauthorizedHandler(() => useSession.getState().clear());
