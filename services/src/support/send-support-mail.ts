import type { FastifyRequest } from 'fastify';
import { DomainError } from '../commands/domain-error.ts';
import { mailLinkBase } from '../mail/email-settings.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { Platform } from '../platform/platform.ts';

/**
 * Where a support mail's link to the Support page leads (the same base as every mailed link),
 * or null for no link when this request came to an address the installation does not name.
 */
export async function supportLinkBase(platform: Pick<Platform, 'config' | 'events'>, request: FastifyRequest): Promise<string | null> {
  try {
    return await mailLinkBase(platform, request);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/**
 * Sends a support mail after its ticket event is recorded: the ticket stands whether or not
 * the mail goes out, so a transport failure is logged (never the message) and answered as
 * false for the caller to say so.
 */
export async function sendSupportMail(platform: Pick<Platform, 'mailer'>, request: FastifyRequest, message: MailMessage): Promise<boolean> {
  try {
    await platform.mailer.send(message);
    return true;
  } catch (error) {
    request.log.error({ err: error, purpose: message.purpose }, 'Support e-mail could not be sent');
    return false;
  }
}
