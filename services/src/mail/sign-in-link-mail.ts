import type { FastifyRequest } from 'fastify';
import type { Role } from '@linkledger/contracts';
import { invalid } from '../commands/domain-error.ts';
import { UNKNOWN_ORIGIN, trustedOrigin } from '../http/origins.ts';
import type { Platform } from '../platform/platform.ts';
import { mailLinkBase } from './email-settings.ts';
import type { MailMessage } from './mailer.ts';

/**
 * Where a mailed link that can sign someone in (verification, password reset) may lead,
 * worked out before the account is known: `settings`, the admin's frontend URL or else the
 * installation's origin; `installation`, the installation's own origin only (PUBLIC_URL,
 * ALLOWED_ORIGINS or loopback), null when the request named none of them.
 */
export interface SignInLinkBases {
  settings: string;
  installation: string | null;
}

export async function signInLinkBases(platform: Pick<Platform, 'config' | 'events'>, request: FastifyRequest): Promise<SignInLinkBases> {
  return { settings: await mailLinkBase(platform, request), installation: trustedOrigin(platform.config, request) };
}

/** Where one mailed link leads and through which transport it goes. */
export interface LinkPlace {
  base: string;
  /** Only through the environment's transport (docs/admin.md#e-mail). */
  environmentOnly: boolean;
}

/**
 * Where one account's sign-in-capable link leads (docs/admin.md#e-mail). An admin's or the
 * super admin's link is built on the installation's origin and goes only through the
 * environment's transport: the mail settings are admin-edited, and an admin who pointed the
 * transport or the frontend URL at a server they run would read the link and take the
 * account. Everyone else's follows the settings.
 */
export function signInLinkPlace(account: { role: Role }, bases: SignInLinkBases): LinkPlace {
  if (account.role === 'user') return { base: bases.settings, environmentOnly: false };
  if (bases.installation === null) throw invalid(UNKNOWN_ORIGIN);
  return { base: bases.installation, environmentOnly: true };
}

/** The message for one account, its link built on the account's place. */
export function signInLinkMail(account: { role: Role }, bases: SignInLinkBases, compose: (base: string) => MailMessage): MailMessage {
  const place = signInLinkPlace(account, bases);
  return place.environmentOnly ? { ...compose(place.base), environmentOnly: true } : compose(place.base);
}
