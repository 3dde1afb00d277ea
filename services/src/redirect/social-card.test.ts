import { describe, expect, it } from 'vitest';
import { PREVIEW_CRAWLERS } from '../testing/smart-links.ts';
import { isPreviewCrawler } from './social-card.ts';

describe('link-preview crawlers', () => {
  it.each(Object.values(PREVIEW_CRAWLERS))('%s is one', (ua) => expect(isPreviewCrawler(ua)).toBe(true));

  it.each([
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/400.0]',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.0',
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 [LinkedInApp]',
    'Slackbot 1.0 (+https://api.slack.com/robots)',
    'Googlebot/2.1 (+http://www.google.com/bot.html)',
    '',
  ])('%s is not one', (ua) => expect(isPreviewCrawler(ua)).toBe(false));
});
