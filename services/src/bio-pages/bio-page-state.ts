import type { DomainEvent, EventData } from '@linkledger/contracts';
import { foldEvents } from '../commands/event-port.ts';
import type { Platform } from '../platform/platform.ts';

/** One page as its workspace's stream folds it. */
export interface BioPageState {
  pageId: number;
  slug: string;
  title: string;
  bio: string;
  linkIds: readonly number[];
  theme: EventData['BioPageCreated']['theme'];
  avatarImageId: number | null;
  /** The stream's revision of the page's last change: the version a rendered page is cached under. */
  version: number;
}

/** A workspace's live pages (docs/pages.md#link-in-bio-pages), folded from `bio-pages-{workspaceId}`. */
export interface BioPagesState {
  pages: ReadonlyMap<number, BioPageState>;
}

export const NO_BIO_PAGES: BioPagesState = { pages: new Map() };

export const bioPagesStream = (workspaceId: number) => `bio-pages-${workspaceId}`;
export const bioViewsStream = (pageId: number) => `bio-views-${pageId}`;

const withPage = (state: BioPagesState, page: BioPageState): BioPagesState => ({ pages: new Map(state.pages).set(page.pageId, page) });

export function evolveBioPages(state: BioPagesState, event: DomainEvent, envelope: { revision: number }): BioPagesState {
  switch (event.type) {
    case 'BioPageCreated': {
      const { page_id, slug, title, bio, link_ids, theme } = event.data;
      return withPage(state, { pageId: page_id, slug, title, bio, linkIds: link_ids, theme, avatarImageId: null, version: envelope.revision });
    }
    case 'BioPageUpdated': {
      const current = state.pages.get(event.data.page_id);
      if (!current) return state;
      const { slug, title, bio, link_ids, theme, avatar_image_id } = event.data.changes;
      return withPage(state, {
        ...current,
        slug: slug ?? current.slug,
        title: title ?? current.title,
        bio: bio ?? current.bio,
        linkIds: link_ids ?? current.linkIds,
        theme: theme ?? current.theme,
        avatarImageId: avatar_image_id === undefined ? current.avatarImageId : avatar_image_id,
        version: envelope.revision,
      });
    }
    case 'BioPageDeleted': {
      const pages = new Map(state.pages);
      pages.delete(event.data.page_id);
      return { pages };
    }
    default:
      return state;
  }
}

/** The workspace's pages as their stream holds them now, by id. */
export async function workspacePages(platform: Pick<Platform, 'events'>, workspaceId: number): Promise<ReadonlyMap<number, BioPageState>> {
  return foldEvents(await platform.events.readStream(bioPagesStream(workspaceId)), evolveBioPages, NO_BIO_PAGES).pages;
}

/** The workspace's page as its stream holds it now, or null when deleted. */
export async function currentPage(platform: Pick<Platform, 'events'>, workspaceId: number, pageId: number): Promise<BioPageState | null> {
  return (await workspacePages(platform, workspaceId)).get(pageId) ?? null;
}
