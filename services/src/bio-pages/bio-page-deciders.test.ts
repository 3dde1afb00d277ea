import { describe, it } from 'vitest';
import { BIO_THEMES, type DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { ShortCodeTaken } from '../links/index.ts';
import {
  PAGE_NOT_FOUND,
  createBioPageDecider,
  deleteBioPageDecider,
  pageLimitReached,
  reslugBioPageDecider,
  updateBioPageDecider,
} from './bio-page-deciders.ts';

const WORKSPACE = 40;
const PRO = { limit: 3, planName: 'Pro' };
const fields = { title: 'Asha', bio: '', link_ids: [7], theme: BIO_THEMES.paper };
const created = (pageId: number, slug: string): DomainEvent => ({
  type: 'BioPageCreated',
  data: { workspace_id: WORKSPACE, page_id: pageId, slug, ...fields },
});
const claimed = (pageId: number, slug: string): DomainEvent => ({
  type: 'ShortCodeClaimedForPage',
  data: { short_code: slug, kind: 'bio', page_id: pageId, workspace_id: WORKSPACE },
});
const create = (pageId: number, slug: string) => ({ workspaceId: WORKSPACE, pageId, slug, pageLimit: PRO, ...fields });

describe('link-in-bio pages (given the code’s claim and the workspace’s pages, when a page is made, edited or deleted, then …)', () => {
  it('given a free code, when a page is made, then the code is claimed for it and the page created in one decision', () => {
    deciderSpec(createBioPageDecider)
      .given({})
      .when(create(1, 'asha'))
      .then({ claim: [claimed(1, 'asha')], pages: [created(1, 'asha')] });
  });

  it('given a code a link or another page holds, when a page would take it, then it is refused', () => {
    const linkClaim: DomainEvent = { type: 'ShortCodeClaimed', data: { short_code: 'asha', link_id: 9 } };
    deciderSpec(createBioPageDecider)
      .given({ claim: [linkClaim] })
      .when(create(2, 'asha'))
      .thenThrows(ShortCodeTaken);
    deciderSpec(createBioPageDecider)
      .given({ claim: [claimed(1, 'asha')] })
      .when(create(2, 'asha'))
      .thenThrows(ShortCodeTaken);
  });

  it('given the plan’s page limit reached, when one more is made, then it is refused with the plan’s note; a deleted page frees its place', () => {
    const three = [created(1, 'a1'), created(2, 'a2'), created(3, 'a3')];
    deciderSpec(createBioPageDecider).given({ pages: three }).when(create(4, 'a4')).thenThrows(pageLimitReached(PRO));
    deciderSpec(createBioPageDecider)
      .given({ pages: [...three, { type: 'BioPageDeleted', data: { workspace_id: WORKSPACE, page_id: 2 } }] })
      .when(create(4, 'a4'))
      .then({ claim: [claimed(4, 'a4')], pages: [created(4, 'a4')] });
  });

  it('given a page, when an edit changes some fields, then only those are recorded; an edit that changes nothing records nothing', () => {
    const update = deciderSpec(updateBioPageDecider).given([created(1, 'asha')]);
    update
      .when({ workspaceId: WORKSPACE, pageId: 1, changes: { title: 'Asha', bio: 'Hello' } })
      .then([{ type: 'BioPageUpdated', data: { workspace_id: WORKSPACE, page_id: 1, changes: { bio: 'Hello' } } }]);
    update.when({ workspaceId: WORKSPACE, pageId: 1, changes: { title: 'Asha', link_ids: [7] } }).then([]);
    update.when({ workspaceId: WORKSPACE, pageId: 2, changes: { title: 'X' } }).thenThrows(PAGE_NOT_FOUND);
  });

  it('given a page, when its slug changes, then a free code is claimed, its own old code taken back without a claim, a held one refused', () => {
    const reslug = (slug: string) => ({ workspaceId: WORKSPACE, pageId: 1, changes: { slug } });
    const moved = (slug: string): DomainEvent => ({ type: 'BioPageUpdated', data: { workspace_id: WORKSPACE, page_id: 1, changes: { slug } } });
    deciderSpec(reslugBioPageDecider)
      .given({ pages: [created(1, 'asha')] })
      .when(reslug('asha-new'))
      .then({ claim: [claimed(1, 'asha-new')], pages: [moved('asha-new')] });
    deciderSpec(reslugBioPageDecider)
      .given({ claim: [claimed(1, 'asha')], pages: [created(1, 'asha'), moved('asha-new')] })
      .when(reslug('asha'))
      .then({ pages: [moved('asha')] });
    deciderSpec(reslugBioPageDecider)
      .given({ claim: [claimed(2, 'ben')], pages: [created(1, 'asha')] })
      .when(reslug('ben'))
      .thenThrows(ShortCodeTaken);
  });

  it('given a page, when it is deleted, then it is gone; given none, not found', () => {
    deciderSpec(deleteBioPageDecider)
      .given([created(1, 'asha')])
      .when({ workspaceId: WORKSPACE, pageId: 1 })
      .then([{ type: 'BioPageDeleted', data: { workspace_id: WORKSPACE, page_id: 1 } }]);
    deciderSpec(deleteBioPageDecider).given([]).when({ workspaceId: WORKSPACE, pageId: 1 }).thenThrows(PAGE_NOT_FOUND);
  });
});
