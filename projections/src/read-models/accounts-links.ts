import type { DomainEvent, RecordedEvent } from '@linkledger/contracts';
import { profileUserAgentCached } from '../clicks/user-agent.ts';
import type { ReadModelProjector } from './read-model-target.ts';
import type { UnitOfWork } from './unit-of-work.ts';

export const USERS = 'users';
export const LINKS = 'links';

export interface UserView {
  [key: string]: unknown;
  id: number;
  email: string;
  username: string;
  full_name: string | null;
  role: 'user' | 'admin' | 'super_admin';
  plan_type: 'free' | 'pro' | 'enterprise';
  is_verified: boolean;
  is_active: boolean;
  created_at: string;
}

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
  total_clicks: number;
  created_at: string;
  updated_at: string;
}

/** Users and links as the API reads them, with each link's human click count. */
export const accountsAndLinksProjector: ReadModelProjector = {
  name: 'accounts-links',
  collections: {
    [USERS]: [['email']],
    [LINKS]: [['owner_id', 'created_at'], ['short_code']],
  },
  handles: ['UserRegistered', 'LinkCreated', 'LinkUpdated', 'LinkDeleted', 'Clicked'],
  async apply(event: DomainEvent, recorded: RecordedEvent, tx: UnitOfWork) {
    const at = recorded.metadata.at;
    switch (event.type) {
      case 'UserRegistered': {
        const { user_id, email, role } = event.data;
        const user: UserView = {
          id: user_id,
          email,
          username: email.split('@')[0] ?? email,
          full_name: null,
          role,
          plan_type: 'free',
          is_verified: false,
          is_active: true,
          created_at: at,
        };
        tx.put(USERS, user);
        return;
      }
      case 'LinkCreated': {
        const { link_id, owner_id, ...rest } = event.data;
        const link: LinkView = { id: link_id, owner_id, ...rest, is_active: true, total_clicks: 0, created_at: at, updated_at: at };
        tx.put(LINKS, link);
        return;
      }
      case 'LinkUpdated':
        await tx.update<LinkView>(LINKS, event.data.link_id, (link) => ({ ...link, ...event.data.changes, updated_at: at }));
        return;
      case 'LinkDeleted':
        tx.delete(LINKS, event.data.link_id);
        return;
      case 'Clicked':
        if (profileUserAgentCached(event.data.user_agent).is_bot) return;
        await tx.update<LinkView>(LINKS, event.data.link_id, (link) => ({ ...link, total_clicks: link.total_clicks + 1 }));
        return;
      default:
        return;
    }
  },
};
