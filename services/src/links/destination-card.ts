import { Parser } from 'htmlparser2';
import { Destination } from '@linkledger/contracts';

/** A link's social card as a page's own tags describe it (docs/links.md#fetching-from-a-destination). */
interface DestinationCard {
  title: string;
  description: string;
  image_url: string | null;
}

/** The card's limits, as the link's `og` field takes them. */
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 500;

/** Each tag the card reads, in the order it prefers them. */
const TITLE_TAGS = ['og:title', 'twitter:title'];
const DESCRIPTION_TAGS = ['og:description', 'description', 'twitter:description'];
const IMAGE_TAGS = ['og:image', 'og:image:secure_url', 'og:image:url', 'twitter:image'];

/**
 * Reads the card from a page: title from og:title, twitter:title or <title>; description from
 * og:description or description; the image from og:image, made absolute against the address
 * the page was fetched from and kept only when it is an http(s) address a link can hold.
 * Every text comes out plain: markup in it is dropped, spaces collapsed, cut to the card's limits.
 */
export function readDestinationCard(html: string, pageUrl: string): DestinationCard {
  const meta = new Map<string, string>();
  let title: string | null = null;
  let inTitle = false;
  let titleText = '';
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'title' && title === null) inTitle = true;
      const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
      if (name === 'meta' && key !== '' && attributes.content !== undefined && !meta.has(key)) meta.set(key, attributes.content);
    },
    ontext(text) {
      if (inTitle) titleText += text;
    },
    onclosetag(name) {
      if (name === 'title' && inTitle) [inTitle, title] = [false, titleText];
    },
  });
  parser.end(html);

  const first = (keys: string[]) => keys.map((key) => plainText(meta.get(key) ?? '')).find((text) => text !== '') ?? '';
  return {
    title: cut(first(TITLE_TAGS) || plainText(title ?? ''), TITLE_MAX),
    description: cut(first(DESCRIPTION_TAGS), DESCRIPTION_MAX),
    image_url: IMAGE_TAGS.map((key) => absoluteImage(meta.get(key), pageUrl)).find((url) => url !== null) ?? null,
  };
}

/** Text without markup (script and style contents dropped), control characters or runs of spaces. */
function plainText(value: string): string {
  let text = '';
  let hidden = 0;
  const parser = new Parser({
    onopentag: (name) => void (name === 'script' || name === 'style' ? hidden++ : undefined),
    onclosetag: (name) => void (name === 'script' || name === 'style' ? hidden-- : undefined),
    ontext: (chunk) => void (hidden === 0 ? (text += chunk) : undefined),
  });
  parser.end(value);
  return text
    .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, never half of one, with an ellipsis when cut. */
function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max
    ? text
    : `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

function absoluteImage(value: string | undefined, pageUrl: string): string | null {
  if (value === undefined || value.trim() === '') return null;
  let absolute: string;
  try {
    absolute = new URL(value.trim(), pageUrl).href;
  } catch {
    return null;
  }
  const parsed = Destination.safeParse(absolute);
  return parsed.success ? parsed.data : null;
}
