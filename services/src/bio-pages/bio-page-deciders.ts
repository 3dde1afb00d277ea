import { limitReached, formatLimit, type DomainEvent, type EventData } from '@linkledger/contracts';
import type { Decider, MultiStreamDecider } from '../commands/command-handler.ts';
import { forbidden, notFound } from '../commands/domain-error.ts';
import { ShortCodeTaken } from '../links/index.ts';
import { NO_BIO_PAGES, bioPagesStream, evolveBioPages, type BioPageState, type BioPagesState } from './bio-page-state.ts';

export const PAGE_NOT_FOUND = 'There is no such link-in-bio page in this workspace.';

type PageFields = Omit<EventData['BioPageCreated'], 'workspace_id' | 'page_id'>;
type PageChanges = EventData['BioPageUpdated']['changes'];

/** How many pages the workspace may keep (-1 unlimited), and the plan that says so. */
export interface PageLimit {
  limit: number;
  planName: string;
}

export const pageLimitReached = ({ limit, planName }: PageLimit) =>
  limit === 0
    ? `Link-in-bio pages are not included in the ${planName} plan. Upgrade your plan on the pricing page to make one.`
    : `This workspace has all ${formatLimit(limit)} link-in-bio pages its ${planName} plan allows. Upgrade your plan on the pricing page, or delete a page first.`;

interface CreateBioPage extends PageFields {
  workspaceId: number;
  pageId: number;
  pageLimit: PageLimit;
}

interface UpdateBioPage {
  workspaceId: number;
  pageId: number;
  changes: PageChanges;
}

/** Who holds a code, as its `shortcode-{code}` stream says: nobody, a link, or a page. */
type CodeHolder = { kind: 'none' } | { kind: 'link' } | { kind: 'page'; pageKind: 'bio' | 'survey'; pageId: number };

const FREE: CodeHolder = { kind: 'none' };
const claimOf = (code: string) => ({
  stream: `shortcode-${code}`,
  initialState: FREE,
  evolve: (holder: CodeHolder, event: DomainEvent): CodeHolder => {
    if (event.type === 'ShortCodeClaimed') return { kind: 'link' };
    if (event.type === 'ShortCodeClaimedForPage') return { kind: 'page', pageKind: event.data.kind, pageId: event.data.page_id };
    return holder;
  },
});
const pagesOf = (workspaceId: number) => ({ stream: bioPagesStream(workspaceId), initialState: NO_BIO_PAGES, evolve: evolveBioPages });

const heldByPage = (holder: CodeHolder, pageId: number) => holder.kind === 'page' && holder.pageKind === 'bio' && holder.pageId === pageId;

const claimFor = (code: string, pageId: number, workspaceId: number): DomainEvent => ({
  type: 'ShortCodeClaimedForPage',
  data: { short_code: code, kind: 'bio', page_id: pageId, workspace_id: workspaceId },
});

/** A new page claims its slug and joins its workspace's pages in one append, within the plan's page limit. */
export const createBioPageDecider: MultiStreamDecider<CreateBioPage, { claim: CodeHolder; pages: BioPagesState }> = {
  streamsOf: (command) => ({ claim: claimOf(command.slug), pages: pagesOf(command.workspaceId) }),
  decide: (command, { claim, pages }) => {
    if (claim.kind !== 'none') throw new ShortCodeTaken();
    if (limitReached(pages.pages.size, command.pageLimit.limit)) throw forbidden(pageLimitReached(command.pageLimit));
    const { workspaceId, pageId, slug, title, bio, link_ids, theme } = command;
    return {
      claim: [claimFor(slug, pageId, workspaceId)],
      pages: [{ type: 'BioPageCreated', data: { workspace_id: workspaceId, page_id: pageId, slug, title, bio, link_ids, theme } }],
    };
  },
};

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The page's current value of a change's field. */
const currentOf = (page: BioPageState, field: keyof PageChanges): unknown =>
  ({ slug: page.slug, title: page.title, bio: page.bio, link_ids: page.linkIds, theme: page.theme, avatar_image_id: page.avatarImageId })[field];

/** Records only what really changes; an edit that changes nothing records nothing. */
function decideUpdate(command: UpdateBioPage, pages: BioPagesState): DomainEvent[] {
  const page = pages.pages.get(command.pageId);
  if (!page) throw notFound(PAGE_NOT_FOUND);
  const changes = Object.fromEntries(
    Object.entries(command.changes).filter(([field, value]) => value !== undefined && !sameValue(currentOf(page, field as keyof PageChanges), value)),
  ) as PageChanges;
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'BioPageUpdated', data: { workspace_id: command.workspaceId, page_id: command.pageId, changes } }];
}

/** An edit that keeps the slug: the workspace's pages stream alone. */
export const updateBioPageDecider: Decider<UpdateBioPage, BioPagesState> = {
  streamOf: (command) => bioPagesStream(command.workspaceId),
  initialState: NO_BIO_PAGES,
  evolve: evolveBioPages,
  decide: decideUpdate,
};

/**
 * An edit that names a slug: a new one is claimed in the same append (the old one stays the
 * page's, as a link's code stays); one this page claimed before is taken back without a claim.
 */
export const reslugBioPageDecider: MultiStreamDecider<UpdateBioPage & { changes: { slug: string } }, { claim: CodeHolder; pages: BioPagesState }> = {
  streamsOf: (command) => ({ claim: claimOf(command.changes.slug), pages: pagesOf(command.workspaceId) }),
  decide: (command, { claim, pages }) => {
    const events = decideUpdate(command, pages);
    const changesSlug = events.some((event) => event.type === 'BioPageUpdated' && event.data.changes.slug !== undefined);
    if (!changesSlug || heldByPage(claim, command.pageId)) return { pages: events };
    if (claim.kind !== 'none') throw new ShortCodeTaken();
    return { claim: [claimFor(command.changes.slug, command.pageId, command.workspaceId)], pages: events };
  },
};

/** Deleting a page: its slugs stay claimed by it and answer the 404 page. */
export const deleteBioPageDecider: Decider<{ workspaceId: number; pageId: number }, BioPagesState> = {
  streamOf: (command) => bioPagesStream(command.workspaceId),
  initialState: NO_BIO_PAGES,
  evolve: evolveBioPages,
  decide: (command, pages) => {
    if (!pages.pages.has(command.pageId)) throw notFound(PAGE_NOT_FOUND);
    return [{ type: 'BioPageDeleted', data: { workspace_id: command.workspaceId, page_id: command.pageId } }];
  },
};
