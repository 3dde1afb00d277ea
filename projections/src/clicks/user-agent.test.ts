import { describe, expect, it } from 'vitest';
import { profileUserAgent } from './user-agent.ts';

describe('profileUserAgent', () => {
  it('reads browser, OS and device of a desktop browser', () => {
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    expect(profileUserAgent(ua)).toEqual({ browser: 'Chrome', os: 'Windows', device: 'desktop', is_bot: false });
  });

  it('reads a phone', () => {
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect(profileUserAgent(ua)).toMatchObject({ os: 'iOS', device: 'mobile', is_bot: false });
  });

  it('marks crawlers and empty user agents as bots', () => {
    expect(profileUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)').is_bot).toBe(true);
    expect(profileUserAgent('curl/8.4.0').is_bot).toBe(true);
    expect(profileUserAgent('').is_bot).toBe(true);
  });
});
