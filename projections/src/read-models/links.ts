import { profileUserAgentCached } from '../clicks/user-agent.ts';
import type { ReadModelHandlers } from './handlers.ts';

export const LINKS = 'links';

export interface LinkView {
  [key: string]: unknown;
  id: number;
  owner_id: number;
  short_code: string;
  original_url: string;
  title: string;
  description: string;
  created_via: 'manual' | 'api';
  custom_domain: string | null;
  trai_header: string | null;
  is_active: boolean;
  /** Human clicks: bots are in the log but never counted. */
  total_clicks: number;
  created_at: string;
  updated_at: string;
}

export const linkIndexes = { [LINKS]: [['owner_id', 'created_at'], ['short_code']] } as const;

export const linkHandlers: ReadModelHandlers = {
  LinkCreated({ link_id, owner_id, ...rest }, recorded, tx) {
    const at = recorded.metadata.at;
    const link: LinkView = { id: link_id, owner_id, ...rest, is_active: true, total_clicks: 0, created_at: at, updated_at: at };
    tx.put(LINKS, link);
  },
  async LinkUpdated({ link_id, changes }, recorded, tx) {
    await tx.update<LinkView>(LINKS, link_id, (link) => ({ ...link, ...changes, updated_at: recorded.metadata.at }));
  },
  LinkDeleted({ link_id }, _recorded, tx) {
    tx.delete(LINKS, link_id);
  },
  async Clicked({ link_id, user_agent }, _recorded, tx) {
    if (profileUserAgentCached(user_agent).is_bot) return;
    await tx.update<LinkView>(LINKS, link_id, (link) => ({ ...link, total_clicks: link.total_clicks + 1 }));
  },
};
