import type { FastifyInstance } from 'fastify';
import { ErrorBody, InviteTokenBody, WorkspaceInvitePreview } from '@linkledger/contracts';
import { USERS, WORKSPACES, type UserView, type WorkspaceView } from '@linkledger/projections';
import { loadStream } from '../commands/command-context.ts';
import { notFound, tooManyRequests } from '../commands/domain-error.ts';
import { publicRoutes } from '../http/declared-routes.ts';
import { perPlatform } from '../platform/per-platform.ts';
import type { Platform } from '../platform/platform.ts';
import { addressKey } from '../throttling/rate-limit.ts';
import { WindowCounter } from '../throttling/window-counter.ts';
import { whenAgain } from '../accounts/index.ts';
import { evolveInvitesShown, inviteOffer, noInvitesShown } from './invite-preview.ts';
import { INVITE_INVALID } from './workspace-deciders.ts';
import { evolveInviteToken, inviteTokenStream, noInviteToken, workspaceStream } from './workspace-state.ts';
import { addressOf } from './workspace-views.ts';

/** Previews from one network (an IPv4 address or an IPv6 /64) in 15 minutes, as for reset links: a person opens a link a few times, a script walking tokens meets 429. */
const PREVIEWS_PER_ADDRESS = 30;
const PREVIEW_WINDOW_MS = 15 * 60_000;
const previewThrottle = perPlatform((platform) => new WindowCounter(PREVIEWS_PER_ADDRESS, PREVIEW_WINDOW_MS, platform.monotonic));

/**
 * The invite screen's first call (docs/workspaces.md#invites): what the invite a token opens
 * offers, before anyone answers it. Public, since the invited person may have no account yet;
 * the token comes in the body, so it never sits in a URL or an access log.
 */
export async function invitePreviewRoutes(app: FastifyInstance, platform: Platform) {
  const anyone = publicRoutes(app);

  anyone.post('/api/workspace-invites/preview', {
    summary: 'What an invite offers (workspace, inviter, role, expiry, the invited address masked), from the token in its link; spends nothing',
    body: InviteTokenBody,
    response: { 200: WorkspaceInvitePreview, 404: ErrorBody, 429: ErrorBody },
    handler: async ({ request }) => {
      const wait = previewThrottle(platform).take(addressKey(request.ip));
      if (wait > 0) throw tooManyRequests(`Too many invite links were opened from your address. Please try again ${whenAgain(wait)}.`, wait);
      const { state: token } = await loadStream(platform.events, inviteTokenStream(request.body.token.trim()), noInviteToken, evolveInviteToken);
      if (token.workspaceId === null) throw notFound(INVITE_INVALID);
      const [view, { state: shown }] = await Promise.all([
        platform.read.get<WorkspaceView>(WORKSPACES, token.workspaceId),
        loadStream(platform.events, workspaceStream(token.workspaceId), noInvitesShown, evolveInvitesShown),
      ]);
      const offer = inviteOffer(token, shown, addressOf(view, token.workspaceId), platform.clock());
      if (!view) throw notFound(INVITE_INVALID);
      const inviter = await platform.read.get<UserView>(USERS, offer.inviterId);
      return {
        workspace: { name: view.name, personal: view.personal },
        inviter: inviter && inviter.status !== 'deleted' ? inviter.username : 'deleted account',
        role: offer.role,
        email_masked: offer.emailMasked,
        expires_at: offer.expiresAt,
      };
    },
  });
}
