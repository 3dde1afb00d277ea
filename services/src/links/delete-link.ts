import type { Decider } from '../commands/command-handler.ts';
import { decideDeleteLink } from './decide.ts';
import { evolveLink, type LinkState } from './link-state.ts';

/** Deleting one of the caller's links: its code stops redirecting, its history stays. */
export const deleteLinkDecider: Decider<{ actorId: number; linkId: number }, LinkState | null> = {
  streamOf: (command) => `link-${command.linkId}`,
  initialState: null,
  evolve: evolveLink,
  decide: decideDeleteLink,
};
