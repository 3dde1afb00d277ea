import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ErrorBody,
  InviteMemberBody,
  InviteTokenBody,
  MessageBody,
  StillProcessingBody,
  WorkspaceAnswer,
  WorkspaceInviteAnswer,
  WorkspaceInviteParams,
  type DomainEvent,
} from '@linkledger/contracts';
import { USERS, WORKSPACES, type UserView, type WorkspaceView } from '@linkledger/projections';
import { handleCommand, handleMultiStreamCommand } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { notFound } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import { routesFor } from '../http/declared-routes.ts';
import { STILL_PROCESSING } from '../http/still-processing.ts';
import { mailLinkBase } from '../mail/email-settings.ts';
import type { Platform } from '../platform/platform.ts';
import { mailToOwe } from '../accounts/index.ts';
import { mailOwed, owingMail } from '../owed-mail/index.ts';
import { inviteLink, workspaceInviteMail } from './invite-mail.ts';
import {
  INVITE_INVALID,
  OWNERS_AND_ADMINS_ONLY,
  acceptInviteDecider,
  declineInviteDecider,
  inviteMemberDecider,
  revokeInviteDecider,
} from './workspace-deciders.ts';
import { evolveInviteToken, inviteTokenStream, noInviteToken, type InviteTokenState } from './workspace-state.ts';
import { actingIn, addressOf, pendingInvitesOf, shownWorkspace, verifiedEmailOf, workspaceAnswer } from './workspace-views.ts';
import { seatLimit } from './workspace-seats.ts';
import { requireTeamManagement } from './team-management.ts';

export const inviteSent = (masked: string) =>
  `The invite is on its way to ${masked}. Its link works once and for 7 days; until it is answered it holds a seat.`;
const INVITE_NOT_MAILED_YET = 'The invite is saved; its e-mail could not go out just now and follows by itself as soon as our mail service answers.';
export const INVITE_REVOKED_DONE = 'The invite was withdrawn: its link no longer works and its seat is free.';
export const joinedWorkspace = (name: string) => `You joined the workspace ${name}.`;
const INVITE_DECLINED_DONE = 'You declined the invite.';

/** Invites (docs/workspaces.md#invites): sent by owners and admins, answered by the invited account through the mailed link. */
export async function inviteRoutes(app: FastifyInstance, platform: Platform) {
  const signedIn = routesFor(app, { access: 'user' });
  // The path names the workspace: the hook finds the caller its owner or admin before the invite is looked at.
  const memberManagers = routesFor(app, { access: 'user', workspaceInPath: 'members:manage', workspaceRefusal: OWNERS_AND_ADMINS_ONLY });

  memberManagers.post('/api/workspaces/:id/invites', {
    summary: 'Invite an e-mail address into a workspace with a role (owners and admins; only owners invite owners); it takes a seat',
    params: WorkspaceInviteParams.pick({ id: true }),
    body: InviteMemberBody,
    response: { 201: WorkspaceInviteAnswer, 202: StillProcessingBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, reply, caller, workspace }) => {
      const { view } = await shownWorkspace(platform, workspace);
      await requireTeamManagement(platform, view.id);
      const context = commandContext(platform, request);
      const [seats, base, inviter] = await Promise.all([
        seatLimit(platform, view.id),
        mailLinkBase(platform, request),
        platform.read.get<UserView>(USERS, caller.userId),
      ]);
      // Only the token's hash is kept (it names the token's stream); the token itself goes out in the mail alone.
      const token = randomBytes(32).toString('base64url');
      const inviteId = randomUUID();
      const mail = mailToOwe(platform, context);
      const oweInvite = (decided: DomainEvent[]) => {
        const sent = decided.find((event) => event.type === 'WorkspaceInviteSent');
        if (sent?.type !== 'WorkspaceInviteSent') return null;
        const written = workspaceInviteMail({
          to: sent.data.email,
          inviter: inviter?.username ?? 'A Linkledger user',
          workspace: view.name,
          role: sent.data.role,
          link: inviteLink(base, token),
          expiresAt: new Date(sent.data.expires_at),
        });
        return mailOwed(mail, { kind: 'workspace_invite', userId: caller.userId, place: { base, environmentOnly: false }, to: sent.data.email, written });
      };
      const tokenIssued: DomainEvent = { type: 'WorkspaceInviteTokenIssued', data: { invite_id: inviteId, workspace_id: view.id } };
      const { shown } = await handleMultiStreamCommand(
        platform,
        { ...context, claim: { stream: inviteTokenStream(token), expected: 'no_stream', event: tokenIssued } },
        owingMail(inviteMemberDecider, mail.mailId, oweInvite),
        { ...addressOf(view, view.id), actorId: caller.userId, inviteId, email: request.body.email, role: request.body.role, now: context.now, seats },
      );
      const mailed = await platform.owedMail.deliver(mail.mailId).then(
        () => true,
        (error: unknown) => {
          request.log.error({ err: error }, 'Workspace invite e-mail could not be sent now; the mail sender tries it again');
          return false;
        },
      );
      // Sent, but not yet readable (no projector caught up): said so, never a 404 that invites a second invite.
      const invite = shown ? (await pendingInvitesOf(platform, view.id)).find((pending) => pending.id === inviteId) : undefined;
      if (!invite) return reply.code(202).send({ detail: STILL_PROCESSING, still_processing: true });
      return reply.code(201).send({ message: mailed ? inviteSent(invite.email_masked) : INVITE_NOT_MAILED_YET, invite });
    },
  });

  memberManagers.delete('/api/workspaces/:id/invites/:inviteId', {
    summary: 'Withdraw a pending invite (owners and admins; an owner’s invite only owners)',
    params: WorkspaceInviteParams,
    response: { 200: MessageBody, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, caller, workspace }) => {
      const acting = await actingIn(platform, workspace, caller.userId);
      const context = commandContext(platform, request);
      await handleCommand(platform, context, revokeInviteDecider, { ...acting, inviteId: request.params.inviteId, now: context.now });
      return { message: INVITE_REVOKED_DONE };
    },
  });

  /** Runs an answer to the invite a token opens, as the signed-in account; an unknown token is not found. */
  const answer = async (request: FastifyRequest, userId: number, token: string, decider: typeof acceptInviteDecider) => {
    const tokenStream = inviteTokenStream(token);
    const { state } = await loadStream<InviteTokenState>(platform.events, tokenStream, noInviteToken, evolveInviteToken);
    if (state.workspaceId === null) throw notFound(INVITE_INVALID);
    const [view, verifiedEmail] = await Promise.all([platform.read.get<WorkspaceView>(WORKSPACES, state.workspaceId), verifiedEmailOf(platform, userId)]);
    const context = commandContext(platform, request);
    const { shown, events } = await handleMultiStreamCommand(platform, context, decider, {
      tokenStream,
      workspace: addressOf(view, state.workspaceId),
      userId,
      verifiedEmail,
      now: context.now,
    });
    return { workspaceId: state.workspaceId, shown, events };
  };

  signedIn.post('/api/workspace-invites/accept', {
    summary: 'Accept an invite with the token from its link: the signed-in account, whose verified address was invited, joins with the invite’s role',
    body: InviteTokenBody,
    response: { 200: WorkspaceAnswer, 202: StillProcessingBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, reply, caller }) => {
      const { workspaceId, shown, events } = await answer(request, caller.userId, request.body.token, acceptInviteDecider);
      // Joined, but not yet readable (no projector caught up): said so, never a 404 for a workspace just joined.
      if (!shown) return reply.code(202).send({ detail: STILL_PROCESSING, still_processing: true, id: workspaceId });
      // An accepted invite always records the role it gave (acceptInviteDecider).
      const accepted = events.find((event): event is Extract<DomainEvent, { type: 'WorkspaceInviteAccepted' }> => event.type === 'WorkspaceInviteAccepted')!;
      const joined = await shownWorkspace(platform, { id: workspaceId, role: accepted.data.role });
      return reply.code(200).send({ message: joinedWorkspace(joined.view.name), workspace: workspaceAnswer(joined) });
    },
  });

  signedIn.post('/api/workspace-invites/decline', {
    summary: 'Decline an invite with the token from its link (the invited account): its seat is freed',
    body: InviteTokenBody,
    response: { 200: MessageBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, caller }) => {
      await answer(request, caller.userId, request.body.token, declineInviteDecider);
      return { message: INVITE_DECLINED_DONE };
    },
  });
}
