import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CreatedVia } from '@linkledger/contracts';
import { callerOf } from '../http/access.ts';
import type { Platform } from '../platform/platform.ts';
import { requestContext } from '../http/request-context.ts';
import { createLink } from './create-link.ts';
import { publicBase, toLinkResponse } from './link-response.ts';
import { refuseLoopingDestination } from './loop-guard.ts';
import { placeLink } from '../domains/link-placement.ts';

interface CreateLinkRequest {
  Body: { original_url: string; title: string; description: string; short_code?: string | undefined; custom_domain?: string | null | undefined; trai_header?: string | null | undefined };
}

/**
 * Creating a link, as the dashboard (`manual`) and the public API (`api`) both do: the loop
 * check, the monthly limit, the code, and a 201 with the link as the read model holds it.
 */
export function createLinkHandler(platform: Platform, createdVia: CreatedVia) {
  return async (request: FastifyRequest<CreateLinkRequest>, reply: FastifyReply) => {
    const caller = callerOf(request);
    const { original_url, title, description, short_code, custom_domain, trai_header } = request.body;
    await refuseLoopingDestination(platform, request, original_url);
    const placement = await placeLink(platform, caller.userId, { custom_domain, trai_header });
    const link = await createLink(platform, requestContext(platform, request, caller.actor), {
      ownerId: caller.userId,
      createdVia,
      original_url,
      title,
      description,
      shortCode: short_code,
      placement,
    });
    return reply.code(201).send(toLinkResponse(link, publicBase(platform, request)));
  };
}
