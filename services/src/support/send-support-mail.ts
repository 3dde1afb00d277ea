import type { FastifyRequest } from 'fastify';
import { DomainError } from '../commands/domain-error.ts';
import { mailLinkBase } from '../mail/email-settings.ts';
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
 * The request's own attempt at a support mail its command owed: the ticket stands whether or
 * not the mail goes out now, and a mail not sent now is sent by the mail sender
 * (docs/operations.md#mail-that-is-never-lost); a refusal is logged (never the message) and
 * answered as false for the caller to say so.
 */
export async function deliverSupportMail(platform: Pick<Platform, 'owedMail'>, request: FastifyRequest, mailId: string): Promise<boolean> {
  try {
    await platform.owedMail.deliver(mailId);
    return true;
  } catch (error) {
    request.log.error({ err: error }, 'Support e-mail could not be sent now; the mail sender tries it again');
    return false;
  }
}
