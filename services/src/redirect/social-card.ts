import type { ServerResponse } from 'node:http';
import type { SocialCard } from '@linkledger/contracts';
import { escapeHtml } from '../formats/html-text.ts';
import type { VisitorBrand } from '../platform/visitor-brand-port.ts';

/**
 * The link-preview crawlers a card is shown to (docs/links.md#social-cards): Facebook (and
 * iMessage, whose previewer calls itself `facebookexternalhit … Facebot Twitterbot`), X,
 * LinkedIn, Slack's unfurler and image proxy, WhatsApp, Telegram and Discord. The apps' own
 * in-app browsers name themselves otherwise (FBAN, LinkedInApp, "Twitter for iPhone") and
 * are redirected like any visitor.
 */
const PREVIEW_CRAWLER = /facebookexternalhit|facebot|twitterbot|linkedinbot|slackbot-linkexpanding|slack-imgproxy|^whatsapp\/|telegrambot|discordbot/i;

export const isPreviewCrawler = (userAgent: string) => PREVIEW_CRAWLER.test(userAgent);

/**
 * The card as a page: Open Graph and Twitter card tags, with the title and description readable
 * too; under a workspace's brand (docs/pages.md#white-label) the site is named as theirs.
 */
function socialCardPage(card: SocialCard, shortUrl: string, brand: VisitorBrand | null): string {
  const title = escapeHtml(card.title);
  const description = escapeHtml(card.description);
  const image = card.image_url === null ? null : escapeHtml(card.image_url);
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:url', escapeHtml(shortUrl)],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['name', 'twitter:card', image === null ? 'summary' : 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  if (image !== null) tags.push(['property', 'og:image', image], ['name', 'twitter:image', image]);
  if (brand !== null) tags.push(['property', 'og:site_name', escapeHtml(brand.name)], ['name', 'theme-color', brand.primaryColor]);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${title}</title>` +
    tags.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${value}">`).join('') +
    `</head><body><main><h1>${title}</h1><p>${description}</p></main></body></html>\n`
  );
}

/** Answers a crawler with the link's card: 200, never a redirect, never a click. */
export function answerSocialCard(response: ServerResponse, card: SocialCard, shortUrl: string, brand: VisitorBrand | null): void {
  const page = Buffer.from(socialCardPage(card, shortUrl, brand));
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
    'content-length': page.length,
  });
  response.end(page);
}
