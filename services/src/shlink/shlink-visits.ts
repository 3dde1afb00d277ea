import type { AnalyticsStore } from '@linkledger/contracts';
import { clickhouseTime } from '@linkledger/projections';
import { shlinkDate } from './shlink-short-urls.ts';

interface ClickRow {
  visited_at: string;
  referrer: string;
  browser: string;
  os: string;
  device: string;
  country: string;
  is_bot: number | string;
}

const BEGINNING = '1970-01-01 00:00:00.000';
const END_OF_TIME = '2200-01-01 00:00:00.000';
const CLICKS_OF_LINK = `link_id = {link:UInt64} AND at >= {from:DateTime64(3, 'UTC')} AND at <= {to:DateTime64(3, 'UTC')}`;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * A click as Shlink shapes a visit. We keep no visitor's full user agent nor their city
 * (docs/privacy.md): `userAgent` names the browser and system we recognised, and the location
 * has the country alone.
 */
function shlinkVisit(row: ClickRow) {
  const country = row.country.toUpperCase();
  return {
    referer: row.referrer,
    date: shlinkDate(`${row.visited_at.replace(' ', 'T')}Z`),
    userAgent: [row.browser, row.os].filter(Boolean).join(' on '),
    visitLocation: /^[A-Z]{2}$/.test(country)
      ? {
          countryCode: country,
          countryName: countryName(country),
          regionName: '',
          cityName: '',
          latitude: 0,
          longitude: 0,
          timezone: '',
          isEmpty: false,
        }
      : null,
    potentialBot: Number(row.is_bot) === 1,
  };
}

/**
 * The start of the visits shown: the later of the one asked for (an instant) and the first day
 * the workspace's retention shows (docs/privacy.md#analytics-retention); undefined: from the first.
 */
export function retainedFrom(from: string | undefined, firstDay: string | undefined): string | undefined {
  if (firstDay === undefined) return from;
  const retained = `${firstDay}T00:00:00.000Z`;
  return from !== undefined && Date.parse(from) > Date.parse(retained) ? from : retained;
}

interface VisitsPage {
  linkId: number;
  from: string | undefined;
  to: string | undefined;
  excludeBots: boolean;
  skip: number;
  limit: number;
}

/** One page of a link's visits, newest first, and how many there are in the range. */
export async function linkVisits(store: AnalyticsStore, page: VisitsPage) {
  const params = {
    link: page.linkId,
    from: page.from ? clickhouseTime(page.from) : BEGINNING,
    to: page.to ? clickhouseTime(page.to) : END_OF_TIME,
    skip: page.skip,
    limit: page.limit,
  };
  const where = `${CLICKS_OF_LINK}${page.excludeBots ? ' AND is_bot = 0' : ''}`;
  const [rows, counted] = await Promise.all([
    store.query<ClickRow>(
      `SELECT toString(at) AS visited_at, referrer, browser, os, device, country, is_bot FROM clicks WHERE ${where}
       ORDER BY at DESC, position DESC LIMIT {limit:UInt32} OFFSET {skip:UInt32}`,
      params,
    ),
    store.query<{ total: number | string }>(`SELECT count() AS total FROM clicks WHERE ${where}`, params),
  ]);
  return { visits: rows.map(shlinkVisit), total: Number(counted[0]?.total ?? 0) };
}

/**
 * The workspace's visits since `from` (its retention's start), as Shlink's overview counts them;
 * every visit here reached a short URL, so none is an orphan.
 */
export async function visitsOverview(store: AnalyticsStore, workspaceId: number, from: string | undefined) {
  const [row] = await store.query<{ total: number | string; bots: number | string }>(
    "SELECT count() AS total, countIf(is_bot = 1) AS bots FROM clicks WHERE owner_id = {owner:UInt64} AND at >= {from:DateTime64(3, 'UTC')}",
    { owner: workspaceId, from: from ? clickhouseTime(from) : BEGINNING },
  );
  const total = Number(row?.total ?? 0);
  const bots = Number(row?.bots ?? 0);
  const none = { total: 0, nonBots: 0, bots: 0 };
  return { nonOrphanVisits: { total, nonBots: total - bots, bots }, orphanVisits: none, visitsCount: total, orphanVisitsCount: 0 };
}
