import type { WorkspaceBrandSet } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { brandStream, evolveBrand, type BrandState } from './brand-state.ts';

/** Sets a workspace's brand; the same brand again records nothing. The logo was checked to be the workspace's before. */
export const setBrandDecider: Decider<WorkspaceBrandSet, BrandState> = {
  streamOf: (command) => brandStream(command.workspace_id),
  initialState: null,
  evolve: evolveBrand,
  decide: (command, brand) => {
    const same =
      brand !== null &&
      brand.name === command.name &&
      brand.primary_color === command.primary_color &&
      brand.background_color === command.background_color &&
      brand.logo_id === command.logo_id;
    return same ? [] : [{ type: 'WorkspaceBrandSet', data: command }];
  },
};

/** Removes a workspace's brand; without one, nothing to record. */
export const removeBrandDecider: Decider<{ workspace_id: number }, BrandState> = {
  streamOf: (command) => brandStream(command.workspace_id),
  initialState: null,
  evolve: evolveBrand,
  decide: (command, brand) => (brand === null ? [] : [{ type: 'WorkspaceBrandRemoved', data: { workspace_id: command.workspace_id } }]),
};
