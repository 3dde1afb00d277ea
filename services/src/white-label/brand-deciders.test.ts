import { describe, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { removeBrandDecider, setBrandDecider } from './brand-deciders.ts';

const brand = { workspace_id: 4, name: 'Acme', primary_color: '#123456', background_color: '#fafafa', logo_id: null };
const set: DomainEvent = { type: 'WorkspaceBrandSet', data: brand };

describe('a workspace brand', () => {
  const sets = deciderSpec(setBrandDecider);
  const removes = deciderSpec(removeBrandDecider);

  it('given no brand, when one is set, then it is recorded whole', () => {
    sets.given([]).when(brand).then([set]);
  });

  it('given a brand, when the same is set again, then nothing is recorded; a change is', () => {
    sets.given([set]).when(brand).then([]);
    sets
      .given([set])
      .when({ ...brand, logo_id: 2 })
      .then([{ type: 'WorkspaceBrandSet', data: { ...brand, logo_id: 2 } }]);
  });

  it('given a brand, when it is removed, then the removal is recorded once', () => {
    removes
      .given([set])
      .when({ workspace_id: 4 })
      .then([{ type: 'WorkspaceBrandRemoved', data: { workspace_id: 4 } }]);
    removes
      .given([set, { type: 'WorkspaceBrandRemoved', data: { workspace_id: 4 } }])
      .when({ workspace_id: 4 })
      .then([]);
  });
});
