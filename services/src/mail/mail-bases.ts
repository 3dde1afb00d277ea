import type { EventStore } from '@linkledger/contracts';
import type { Config } from '../platform/config.ts';
import { loadEmailSettings } from './email-settings.ts';

/**
 * Where links in a mail no request asked for lead: the web app at the admin's frontend URL,
 * else the installation's own address (PUBLIC_URL or the first allowed origin), which short
 * links are served from; `app` is null when none is known (short links then show as their path).
 */
export async function mailBases(events: EventStore, config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>): Promise<{ app: string | null; short: string }> {
  const { settings } = await loadEmailSettings(events);
  const trim = (value: string | undefined) => (value ? value.replace(/\/+$/, '') : null);
  const own = trim(config.PUBLIC_URL) ?? trim(config.ALLOWED_ORIGINS?.[0]);
  return { app: trim(settings.frontend_url) ?? own, short: own ?? '' };
}
