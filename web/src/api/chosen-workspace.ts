import { create } from 'zustand';
import { invalidate } from './query.ts';

/*
 * The workspace every API call acts in (docs/workspaces.md#screens): chosen in the sidebar's
 * switcher, kept in local storage, sent by the api client as X-Workspace-Id. Null is the
 * caller's personal workspace, which the server takes when the header is left out.
 */

const STORAGE_KEY = 'workspace';

/** A stored choice as a workspace id; anything that is not a positive whole number is no choice. */
export function parseWorkspaceId(stored: string | null): number | null {
  if (stored === null || !/^[1-9][0-9]{0,15}$/.test(stored)) return null;
  return Number(stored);
}

function readStored(): number | null {
  try {
    return parseWorkspaceId(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

export const useChosenWorkspace = create<{ id: number | null }>(() => ({ id: readStored() }));

/** The id the next call names, or null for the personal workspace. */
export const chosenWorkspaceId = () => useChosenWorkspace.getState().id;

/** Acts in another workspace from now on (null: the personal one): everything on screen is fetched again for it. */
export function chooseWorkspace(id: number | null): Promise<void> {
  if (useChosenWorkspace.getState().id === id) return Promise.resolve();
  if (id === null) localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, String(id));
  useChosenWorkspace.setState({ id });
  return invalidate([]);
}

/** Signing out: the next account starts in its own personal workspace. */
export function forgetChosenWorkspace(): void {
  localStorage.removeItem(STORAGE_KEY);
  useChosenWorkspace.setState({ id: null });
}
