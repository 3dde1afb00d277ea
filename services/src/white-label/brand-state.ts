import type { DomainEvent, WorkspaceBrandSet } from '@linkledger/contracts';

/** A workspace's brand as its stream tells it: null when it has none (docs/pages.md#white-label). */
export type BrandState = Omit<WorkspaceBrandSet, 'workspace_id'> | null;

export const brandStream = (workspaceId: number) => `workspace-brand-${workspaceId}`;

/** The workspace a brand stream belongs to, or null for any other stream. */
export function workspaceOfBrandStream(stream: string): number | null {
  const match = /^workspace-brand-(\d+)$/.exec(stream);
  return match ? Number(match[1]) : null;
}

export function evolveBrand(state: BrandState, event: DomainEvent): BrandState {
  switch (event.type) {
    case 'WorkspaceBrandSet': {
      const { name, primary_color, background_color, logo_id } = event.data;
      return { name, primary_color, background_color, logo_id };
    }
    case 'WorkspaceBrandRemoved':
      return null;
    default:
      return state;
  }
}
