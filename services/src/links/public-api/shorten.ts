import { CUTTLY_STATUS, Destination, type ShortenResponse } from '@linkledger/contracts';
import { recordLink } from '../create-link.ts';
import { validateCustomCode } from '../custom-code.ts';
import { shortUrl } from '../link-response.ts';
import { ownDestination } from '../loop-guard.ts';
import type { CommandContext } from '../../commands/command-context.ts';
import { MonthlyLimitReached } from '../../billing/index.ts';
import { DomainError } from '../../commands/domain-error.ts';
import { InvalidShortCode } from '../create-link.ts';
import { ShortCodeTaken } from '../link-deciders.ts';
import type { Platform } from '../../platform/platform.ts';
import { answeredFromTheWrite } from '../../http/still-processing.ts';
import { activePlace, ON_OUR_HOST } from '../../domains/index.ts';

interface ShortenInput {
  ownerId: number;
  short: string | undefined;
  name: string | undefined;
  /** cutt.ly's switch: "0" for this service's own address; "1" or absent for the account's active domain and header. */
  userDomain: string | undefined;
  /** Where this service's short links are served from (publicBase). */
  base: string;
  /** Host names that are this service itself: the public address and the one the caller used. */
  ownHosts: readonly string[];
}

export const failed = (status: Exclude<ShortenResponse['url']['status'], 7>): ShortenResponse => ({ url: { status } });

/** What a refusal of createLink means in cutt.ly's terms; other refusals are answered as the API answers them. */
export function cuttlyStatusOf(error: DomainError): ShortenResponse | null {
  if (error instanceof ShortCodeTaken) return failed(CUTTLY_STATUS.nameTaken);
  if (error instanceof InvalidShortCode) return failed(CUTTLY_STATUS.invalidName);
  if (error instanceof MonthlyLimitReached) return failed(CUTTLY_STATUS.monthlyLimit);
  return null;
}

/**
 * A destination on this service's own hosts (or a verified custom domain) would redirect
 * back here: one of our short links is "already shortened" (1), anything else is blocked (6).
 */
async function pointsBackHere(platform: Pick<Platform, 'read'>, destination: string, ownHosts: readonly string[]): Promise<ShortenResponse | null> {
  const own = await ownDestination(platform, destination, ownHosts);
  if (!own.ours) return null;
  return failed(own.link ? CUTTLY_STATUS.alreadyShortened : CUTTLY_STATUS.blockedDomain);
}

/** cutt.ly's `GET /api/api.php?key=&short=&name=`, for a caller whose key is already checked. */
export async function shortenLikeCuttly(platform: Platform, context: CommandContext, input: ShortenInput): Promise<ShortenResponse> {
  const destination = Destination.safeParse(input.short ?? '');
  if (!destination.success) return failed(CUTTLY_STATUS.notALink);
  const loop = await pointsBackHere(platform, destination.data, input.ownHosts);
  if (loop) return loop;
  const name = input.name?.trim() || undefined;
  if (name !== undefined && validateCustomCode(name)) return failed(CUTTLY_STATUS.invalidName);
  const placement = input.userDomain?.trim() === '0' ? ON_OUR_HOST : await activePlace(platform, input.ownerId);
  try {
    // Answered from what the creation recorded, so a projector that is behind changes nothing here (cutt.ly has no 202).
    const { created } = await recordLink(platform, answeredFromTheWrite(context), {
      ownerId: input.ownerId,
      createdVia: 'api',
      original_url: destination.data,
      title: '',
      description: '',
      shortCode: name,
      placement,
    });
    return {
      url: {
        status: CUTTLY_STATUS.ok,
        fullLink: created.original_url,
        shortLink: shortUrl(input.base, created),
        title: created.title,
        date: context.now.toISOString().slice(0, 10),
      },
    };
  } catch (error) {
    const answer = error instanceof DomainError ? cuttlyStatusOf(error) : null;
    if (answer) return answer;
    throw error;
  }
}
