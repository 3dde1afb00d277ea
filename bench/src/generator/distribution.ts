/**
 * The shape of the generated traffic, as pure functions of a seeded random source, so a
 * data set is reproducible and its distribution can be tested without writing anything.
 */

import { seededRandom } from '@linkledger/services/testing/fault-knobs.ts';

/** A seeded uniform source in [0, 1): the fault tests' mulberry32, so runs can be replayed. */
export type Random = () => number;
export { seededRandom };

/** The first index whose cumulative weight exceeds `u` (cdf ascending, last entry 1). */
function search(cdf: Float64Array, u: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cdf[mid]! > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function normalisedCdf(weights: ArrayLike<number>): Float64Array {
  const cdf = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) cdf[i] = sum += weights[i]!;
  for (let i = 0; i < cdf.length; i++) cdf[i]! /= sum;
  cdf[cdf.length - 1] = 1;
  return cdf;
}

/**
 * Zipf over ranks 0…n−1: P(rank k) ∝ 1 / (k + 1)^s. With s = 1.1 and 100,000 links the
 * first rank draws about 13.5 % of all clicks (1.35 M of 10 M), the next few several
 * percent each, and the last ones a handful each: a few hot links and a long tail.
 */
export class ZipfSampler {
  private readonly cdf: Float64Array;

  constructor(
    readonly n: number,
    readonly exponent: number,
  ) {
    if (n < 1) throw new Error('ZipfSampler needs at least one rank');
    const weights = new Float64Array(n);
    for (let k = 0; k < n; k++) weights[k] = 1 / Math.pow(k + 1, exponent);
    this.cdf = normalisedCdf(weights);
  }

  /** The expected share of all draws that rank k gets. */
  share(k: number): number {
    return this.cdf[k]! - (k > 0 ? this.cdf[k - 1]! : 0);
  }

  sample(random: Random): number {
    return search(this.cdf, random());
  }
}

/** Picks from a fixed list by weight. */
export class WeightedPicker<T> {
  private readonly cdf: Float64Array;
  readonly values: readonly T[];

  constructor(entries: readonly (readonly [T, number])[]) {
    this.values = entries.map(([value]) => value);
    this.cdf = normalisedCdf(entries.map(([, weight]) => weight));
  }

  /** By a uniform draw in [0, 1): the same draw always gives the same value. */
  at(u: number): T {
    return this.values[search(this.cdf, u)]!;
  }

  pick(random: Random): T {
    return this.at(random());
  }
}

/** 40 countries (ISO 3166 alpha-2) weighted roughly like a global link shortener's traffic, plus unknown (''). */
export const COUNTRIES = new WeightedPicker<string>([
  ['US', 28],
  ['IN', 10],
  ['GB', 6],
  ['DE', 5],
  ['BR', 4.5],
  ['FR', 4],
  ['CA', 3.5],
  ['JP', 3],
  ['ID', 2.5],
  ['MX', 2.5],
  ['ES', 2.2],
  ['IT', 2.2],
  ['AU', 2],
  ['NL', 1.8],
  ['PH', 1.6],
  ['TR', 1.5],
  ['PL', 1.4],
  ['NG', 1.3],
  ['KR', 1.2],
  ['VN', 1.2],
  ['PK', 1.1],
  ['BD', 1],
  ['EG', 1],
  ['AR', 1],
  ['CO', 0.9],
  ['SE', 0.8],
  ['ZA', 0.8],
  ['TH', 0.8],
  ['UA', 0.7],
  ['CH', 0.7],
  ['BE', 0.6],
  ['AT', 0.5],
  ['SG', 0.5],
  ['IE', 0.5],
  ['PT', 0.5],
  ['KE', 0.4],
  ['CL', 0.4],
  ['NZ', 0.4],
  ['DK', 0.3],
  ['NO', 0.3],
  ['', 1.5],
]);

/** Referrer hosts as the redirect stores them; '' is a direct visit (apps, mail, typed). */
export const REFERRERS = new WeightedPicker<string>([
  ['', 38],
  ['t.co', 12],
  ['www.google.com', 10],
  ['www.facebook.com', 8],
  ['l.instagram.com', 6],
  ['www.linkedin.com', 5],
  ['www.reddit.com', 4],
  ['news.ycombinator.com', 2],
  ['www.youtube.com', 3],
  ['www.bing.com', 1.5],
  ['duckduckgo.com', 1.2],
  ['lm.facebook.com', 1.5],
  ['web.whatsapp.com', 2],
  ['t.me', 1.5],
  ['mail.google.com', 1.3],
  ['outlook.live.com', 0.8],
  ['medium.com', 0.7],
  ['github.com', 0.5],
  ['substack.com', 0.5],
]);

/** Real browsers' user agents, weighted roughly like today's traffic (mobile first). */
export const HUMAN_USER_AGENTS = new WeightedPicker<string>([
  ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 22],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 18],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 16],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 7],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 5],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 5],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0', 3],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 1.5],
  ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 0.8],
  ['Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 4],
  ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 3],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1', 2.5],
  ['Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36', 4],
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 2],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0', 1],
  ['Mozilla/5.0 (Linux; Android 12; Redmi Note 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', 2],
  ['Mozilla/5.0 (Linux; Android 13; Tab S8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 1],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1', 2.2],
]);

/** Crawlers, link unfurlers and scripts: the traffic the projectors must not count. */
export const BOT_USER_AGENTS = new WeightedPicker<string>([
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 20],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 10],
  ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 15],
  ['Twitterbot/1.0', 12],
  ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 8],
  ['WhatsApp/2.23.20.0', 8],
  ['TelegramBot (like TwitterBot)', 5],
  ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 6],
  ['curl/8.5.0', 6],
  ['python-requests/2.32.3', 6],
  ['Go-http-client/1.1', 4],
]);

export const BOT_SHARE = 0.05;
export const QR_SHARE = 0.04;

/**
 * How traffic spreads over the hours of the window: busier in the (UTC) afternoon and on
 * weekdays, growing slowly over the window, with a few viral days. Weights per hour.
 */
export function hourlyWeights(startMs: number, hours: number, random: Random): Float64Array {
  const weights = new Float64Array(hours);
  const viralDays = new Set(Array.from({ length: Math.max(1, Math.round(hours / 24 / 30)) }, () => Math.floor(random() * (hours / 24))));
  for (let h = 0; h < hours; h++) {
    const at = new Date(startMs + h * 3_600_000);
    const hour = at.getUTCHours();
    const weekday = at.getUTCDay();
    const diurnal = 0.35 + 0.65 * Math.pow(Math.sin((Math.PI * ((hour + 20) % 24)) / 24), 2);
    const weekly = weekday === 0 || weekday === 6 ? 0.75 : 1;
    const growth = 1 + (0.6 * h) / hours;
    const viral = viralDays.has(Math.floor(h / 24)) ? 3 : 1;
    weights[h] = diurnal * weekly * growth * viral;
  }
  return weights;
}

/**
 * The times of `count` clicks in order, following the hourly weights: the i-th click
 * falls where the cumulative traffic reaches (i + ½) / count, so times never go backwards
 * and the log's order is the order of time, as it is in production.
 */
export function* clickTimes(count: number, startMs: number, weights: Float64Array): Generator<number> {
  const cdf = normalisedCdf(weights);
  let hour = 0;
  for (let i = 0; i < count; i++) {
    const u = (i + 0.5) / count;
    while (hour < cdf.length - 1 && cdf[hour]! <= u) hour++;
    const before = hour > 0 ? cdf[hour - 1]! : 0;
    const within = (u - before) / (cdf[hour]! - before);
    yield startMs + (hour + within) * 3_600_000;
  }
}

/** A 64-bit mix (splitmix-style) of two 32-bit numbers, as 22 base64url-like characters. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export function visitorHash(visitor: number, day: number): string {
  let a = (visitor ^ 0x9e3779b9) >>> 0;
  let b = (day * 0x85ebca6b + visitor * 0xc2b2ae35) >>> 0;
  let out = '';
  for (let i = 0; i < 22; i++) {
    a = Math.imul(a ^ (a >>> 16), 0x7feb352d) >>> 0;
    b = Math.imul(b ^ (b >>> 15), 0x846ca68b) >>> 0;
    a = (a + b + i) >>> 0;
    out += ALPHABET[(a >>> 26) & 63];
  }
  return out;
}

/**
 * One visitor's constant traits: the same person keeps their browser and country. Drawn
 * from the visitor number, so no table of millions of visitors is kept.
 */
export function visitorProfile(visitor: number): { userAgent: string; country: string } {
  const draw = seededRandom(visitor * 2654435761);
  return { userAgent: HUMAN_USER_AGENTS.pick(draw), country: COUNTRIES.pick(draw) };
}
