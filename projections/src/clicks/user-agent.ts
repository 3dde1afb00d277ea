import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';

interface ClientProfile {
  browser: string;
  os: string;
  device: 'desktop' | 'mobile' | 'tablet' | 'other';
  is_bot: boolean;
}

/**
 * Browser, OS, device class and bot verdict of a raw user agent. Runs in the projectors,
 * never on the redirect path, so a new parser or bot policy can be replayed over history.
 * A request without a user agent is treated as a bot: browsers always send one.
 */
export function profileUserAgent(userAgent: string): ClientProfile {
  const parsed = UAParser(userAgent);
  const type = parsed.device.type;
  const device = type === 'mobile' || type === 'tablet' ? type : type === undefined ? 'desktop' : 'other';
  return {
    browser: parsed.browser.name ?? 'Other',
    os: parsed.os.name ?? 'Other',
    device,
    is_bot: userAgent.trim() === '' || isbot(userAgent),
  };
}

const cache = new Map<string, ClientProfile>();

/** Same as profileUserAgent, memoised: real traffic repeats a small set of user agents. */
export function profileUserAgentCached(userAgent: string): ClientProfile {
  let profile = cache.get(userAgent);
  if (!profile) {
    if (cache.size >= 10_000) cache.clear();
    profile = profileUserAgent(userAgent);
    cache.set(userAgent, profile);
  }
  return profile;
}
