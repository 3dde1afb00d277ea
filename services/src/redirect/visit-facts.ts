import type { IncomingMessage } from 'node:http';
import { profileUserAgentCached } from '@linkledger/projections';
import { countryOf, userAgentOf } from './visitor.ts';

type ClientProfile = ReturnType<typeof profileUserAgentCached>;

/** What a visit already worked out about its visitor, so the click reuses it instead of working it out again. */
export interface KnownVisitor {
  country?: string;
  visitorHash?: string;
}

/** The parts of the redirect a visit's facts come from. */
export interface VisitSources {
  clock: () => Date;
  /** The click's visitor hash (the day's salted HMAC of address and user agent). */
  hashVisitor(ip: string, userAgent: string, now: Date): string;
  /** Whether the request came over https (directly, or through a trusted proxy that says so). */
  secure(request: IncomingMessage): boolean;
}

/**
 * One request to a smart link as its controls see it. Every fact is worked out at most once
 * per request and only when something asks for it: a link whose rules never name a device
 * never parses the user agent; the country is the lookup the click makes anyway.
 */
export class VisitFacts {
  readonly userAgent: string;
  readonly now: Date;
  private profileMemo: ClientProfile | undefined;
  private languagesMemo: readonly string[] | undefined;
  private paramsMemo: URLSearchParams | undefined;
  private readonly known: KnownVisitor = {};

  constructor(
    readonly request: IncomingMessage,
    readonly ip: string,
    private readonly query: string,
    private readonly sources: VisitSources,
  ) {
    this.userAgent = userAgentOf(request.headers);
    this.now = sources.clock();
  }

  /** Browser, OS and device class (the projectors' parser, memoised per user agent). */
  profile(): ClientProfile {
    return (this.profileMemo ??= profileUserAgentCached(this.userAgent));
  }

  country(): string {
    return (this.known.country ??= countryOf(this.ip));
  }

  visitorHash(): string {
    return (this.known.visitorHash ??= this.sources.hashVisitor(this.ip, this.userAgent, this.now));
  }

  /** The visitor's languages, as primary tags in lower case, most preferred first. */
  languages(): readonly string[] {
    return (this.languagesMemo ??= acceptedLanguages(this.request.headers['accept-language']));
  }

  /** A parameter of the short URL's query, or null when absent. */
  param(name: string): string | null {
    return (this.paramsMemo ??= new URLSearchParams(this.query)).get(name);
  }

  /** A cookie the visitor sent, or undefined. */
  cookie(name: string): string | undefined {
    const header = this.request.headers.cookie;
    if (!header) return undefined;
    for (const pair of header.split(';')) {
      const equals = pair.indexOf('=');
      if (equals !== -1 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
    }
    return undefined;
  }

  /** The short link's own path, as requested (no query): where its cookies are scoped. */
  path(): string {
    const url = this.request.url ?? '/';
    const q = url.indexOf('?');
    return q === -1 ? url : url.slice(0, q);
  }

  secure(): boolean {
    return this.sources.secure(this.request);
  }

  /** The short URL the visitor asked for, without its query. */
  shortUrl(): string {
    return `${this.secure() ? 'https' : 'http'}://${this.request.headers.host ?? ''}${this.path()}`;
  }

  /** What was worked out so far that the click needs too. */
  knownVisitor(): KnownVisitor {
    return this.known;
  }
}

/**
 * The primary language tags of an Accept-Language header, most preferred first (by q, then
 * by order); a language the visitor refuses (q=0) and the wildcard are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranked: { tag: string; q: number; order: number }[] = [];
  const parts = header.split(',', 32);
  for (let order = 0; order < parts.length; order++) {
    const [range = '', ...params] = parts[order]!.split(';');
    const tag = range.trim().split('-')[0]!.toLowerCase();
    if (!tag || tag === '*') continue;
    const weight = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    if (Number.isFinite(q) && q > 0) ranked.push({ tag, q, order });
  }
  ranked.sort((a, b) => b.q - a.q || a.order - b.order);
  return [...new Set(ranked.map((entry) => entry.tag))];
}
