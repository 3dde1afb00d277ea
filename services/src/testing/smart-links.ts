import { randomUUID } from 'node:crypto';
import { currentVersion, type Clicked, type StoredLinkControls } from '@linkledger/contracts';
import { givePlan } from './plans.ts';
import { post, signUp, startTestApp } from './test-app.ts';

/** Browsers of each device class, as they name themselves. */
export const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  linux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
};

/** The link-preview crawlers' user agents, by whose previews they make (iMessage's is Apple's). */
export const PREVIEW_CRAWLERS = {
  Facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  Facebot: 'Facebot',
  X: 'Twitterbot/1.0',
  LinkedIn: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  Slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Slack images': 'Slack-ImgProxy (+https://api.slack.com/robots)',
  WhatsApp: 'WhatsApp/2.23.20.0 A',
  Telegram: 'TelegramBot (like TwitterBot)',
  Discord: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  iMessage:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
};

/** Every smart link's own destination. */
export const OWN = 'https://example.com/own';

/** A visitor: their browser, their address (8.8.8.8, in the US, unless given), the query and any other header they send. */
interface Visitor {
  ua?: string;
  ip?: string;
  query?: string;
  headers?: Record<string, string>;
}

/**
 * The product behind one trusted proxy (its X-Forwarded-For names the visitor), with an owner
 * on Enterprise who makes links and gives them smart controls as an edit records them.
 */
export async function startSmartLinks(clock: () => Date) {
  const t = await startTestApp({ TRUST_PROXY: '1' }, { clock });
  const owner = await signUp(t.app, 'smart@example.com');
  // More links than the free plan's.
  await givePlan(t.platform, owner.user.id, 'enterprise');

  const setControls = async (id: number, changes: StoredLinkControls): Promise<void> => {
    const metadata = { actor: { kind: 'user' as const, id: String(owner.user.id) }, correlation_id: 'c', causation_id: 'c', at: clock().toISOString() };
    const { position } = await t.platform.events.append([
      {
        stream: `link-${id}`,
        expected: 'any',
        events: [{ id: randomUUID(), type: 'LinkUpdated', version: currentVersion.LinkUpdated, data: { link_id: id, changes }, metadata }],
      },
    ]);
    await t.platform.linkCache.progress.waitFor(position, 5000);
  };

  /** A link to OWN made through the API, then given smart controls. */
  const smartLink = async (controls: StoredLinkControls): Promise<{ id: number; code: string }> => {
    const created = await post(t.app, '/api/urls', owner.headers, { original_url: OWN });
    if (created.statusCode !== 201) throw new Error(`create ${created.statusCode}: ${created.body}`);
    const { id, short_code: code } = created.json<{ id: number; short_code: string }>();
    await setControls(id, controls);
    return { id, code };
  };

  const visit = (code: string, visitor: Visitor = {}) =>
    t.app.inject({
      url: `/${code}${visitor.query ?? ''}`,
      headers: { 'user-agent': visitor.ua ?? UA.windows, 'x-forwarded-for': visitor.ip ?? '8.8.8.8', ...visitor.headers },
    });

  /** Where a visit was sent (the Location), or undefined when it was not redirected. */
  const whereTo = async (code: string, visitor: Visitor = {}) => (await visit(code, visitor)).headers['location'];

  /** The clicks the redirect recorded on a link, in order. */
  const clicksOf = async (id: number) => (await t.platform.events.readStream(`clicks-${id}`)).map((event) => event.data as Clicked);

  return { t, owner, smartLink, setControls, visit, whereTo, clicksOf };
}
export type SmartLinks = Awaited<ReturnType<typeof startSmartLinks>>;
