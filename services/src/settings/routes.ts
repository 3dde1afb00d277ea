import {
  ChangeEmailBody,
  ChangeEmailResponse,
  ChangePasswordBody,
  ChangePasswordResponse,
  ConfirmEmailChangeBody,
  ErrorBody,
  MessageBody,
  ProfileResponse,
  RevokeOthersResponse,
  SessionParams,
  SessionsResponse,
  UpdateProfileBody,
  type ActiveSession,
} from '@linkledger/contracts';
import { USERS, USER_SESSIONS, type UserSessionsView, type UserView } from '@linkledger/projections';
import { handleCommand, handleMultiStreamCommand } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { invalid, unauthorized } from '../commands/domain-error.ts';
import { BAD_TOKEN, refuseCommonPassword, MailThrottle, loginThrottle, sameUsername, wantedUsernameFacts } from '../accounts/index.ts';
import { ignoreBodies } from '../http/optional-body.ts';
import { commandContext, visitorContext } from '../http/command-context.ts';
import { mailLinkBase } from '../mail/email-settings.ts';
import { documentedAs } from '../http/feature-routes.ts';
import { CHANGE_TOKEN_MISSING, EMAIL_CHANGED, changeLinkSent, confirmEmailChange, requestEmailChange } from './email-change.ts';
import { OTHERS_SIGNED_OUT, PASSWORD_UPDATED, PASSWORD_UPDATED_KEY_REVOKED, changePassword, proveCurrentPassword } from './password-change.ts';
import { profileDecider, revokeOthersDecider } from './settings-user-deciders.ts';
import { evolveSettingsUser, noSettingsUser, userStream } from './settings-user-state.ts';
import { sessionRevokeDecider } from './session-deciders.ts';
import { sessionUse } from './sessions.ts';
import { publicRoutes, routesFor } from '../http/declared-routes.ts';

export const PROFILE_UPDATED = 'Profile updated successfully.';
export const SESSION_SIGNED_OUT = 'The session was signed out successfully.';

/** The account settings (docs/accounts.md): profile, e-mail change, password change and active sessions. */
export const settingsRoutes = documentedAs('settings', async (app, platform) => {
  const signedIn = routesFor(app, { access: 'user' });
  const anyone = publicRoutes(app);

  const mailThrottle = new MailThrottle(platform.monotonic);
  app.addHook('onClose', async () => {
    await sessionUse(platform).settled();
  });

  const profileOf = async (userId: number) => {
    const user = await platform.read.get<UserView>(USERS, userId);
    if (!user) throw unauthorized(BAD_TOKEN);
    return ProfileResponse.parse({ ...user, phone: user.phone ?? null, pending_email: user.pending_email ?? null });
  };

  signedIn.get('/api/settings/profile', {
    summary: "The signed-in user's profile and any pending e-mail change",
    response: { 200: ProfileResponse },
    handler: async ({ caller }) => profileOf(caller.userId),
  });

  signedIn.put('/api/settings/profile', {
    summary:
      'Change the username (unique, whatever its case), full name or phone number; a field left out stays as it is, an empty full name or phone clears it',
    body: UpdateProfileBody,
    response: { 200: ProfileResponse.extend({ message: MessageBody.shape.message }) },
    handler: async ({ request, caller }) => {
      const context = commandContext(platform, request);
      const { username, full_name: fullName, phone } = request.body;
      const { state } = await loadStream(platform.events, userStream(caller.userId), noSettingsUser, evolveSettingsUser);
      const changesName = username !== undefined && !sameUsername(username, state.username);
      const facts = changesName ? await wantedUsernameFacts(platform, caller.userId, username) : { shownByAnother: false };
      await handleMultiStreamCommand(platform, context, profileDecider, {
        userId: caller.userId,
        username,
        fullName,
        phone,
        currentUsername: state.username,
        ...facts,
      });
      return { ...(await profileOf(caller.userId)), message: PROFILE_UPDATED };
    },
  });

  signedIn.post('/api/settings/email', {
    summary: 'Ask to move the account to another address: a link goes to it, and the change happens when it is followed',
    body: ChangeEmailBody,
    response: { 200: ChangeEmailResponse, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody, 503: ErrorBody },
    handler: async ({ request, caller }) => {
      const base = await mailLinkBase(platform, request);
      await proveCurrentPassword(platform, loginThrottle(platform), caller.userId, request.body.current_password, request.ip);
      const wait = await mailThrottle.take(`user-${caller.userId}`);
      if (wait) throw MailThrottle.refusal(wait);
      const pending = await requestEmailChange(platform, commandContext(platform, request), caller.userId, request.body.new_email, base);
      return { message: changeLinkSent(pending), pending_email: pending };
    },
  });

  anyone.post('/api/settings/email/confirm', {
    summary: 'Follow the link mailed to the new address: the account moves to it, the old address is told',
    body: ConfirmEmailChangeBody,
    response: { 200: MessageBody, 409: ErrorBody },
    handler: async ({ request }) => {
      const token = request.body.token?.trim();
      if (!token) throw invalid(CHANGE_TOKEN_MISSING);
      const base = await mailLinkBase(platform, request);
      await confirmEmailChange(platform, visitorContext(platform, request), token, base, (error) =>
        request.log.error({ err: error }, 'E-mail change notice failed'),
      );
      return { message: EMAIL_CHANGED };
    },
  });

  signedIn.post('/api/settings/password', {
    summary: 'Change the password: every other session is signed out, this one stays; the API key is revoked too unless revoke_api_keys is false',
    body: ChangePasswordBody,
    response: { 200: ChangePasswordResponse, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
    handler: async ({ request, caller }) => {
      const session = caller.session!;
      const context = commandContext(platform, request);
      const { current_password: currentPassword, new_password: newPassword, revoke_api_keys: revokeApiKey = true } = request.body;
      refuseCommonPassword('new_password', newPassword);
      const { apiKeyRevoked } = await changePassword(platform, context, loginThrottle(platform), {
        session,
        currentPassword,
        newPassword,
        revokeApiKey,
        ip: request.ip,
      });
      return { message: apiKeyRevoked ? PASSWORD_UPDATED_KEY_REVOKED : PASSWORD_UPDATED, api_key_revoked: apiKeyRevoked };
    },
  });

  await app.register(async (scope) => {
    const signedIn = routesFor(scope, { access: 'user' });

    await ignoreBodies(scope);

    signedIn.get('/api/settings/sessions', {
      summary: "The signed-in user's active sessions, newest first; `current` marks this one",
      response: { 200: SessionsResponse },
      handler: async ({ caller }) => {
        const now = platform.clock().toISOString();
        const doc = await platform.read.get<UserSessionsView>(USER_SESSIONS, caller.userId);
        const list: ActiveSession[] = (doc?.sessions ?? [])
          .filter((session) => session.expires_at > now)
          .map(({ jti, browser, os, device, started_at, last_used_at, expires_at }) => ({
            jti,
            browser,
            os,
            device,
            started_at,
            last_used_at,
            expires_at,
            current: jti === caller.session!.jti,
          }));
        return { sessions: list };
      },
    });

    signedIn.delete('/api/settings/sessions/:jti', {
      summary: 'Sign out one of your sessions',
      params: SessionParams,
      response: { 200: MessageBody, 404: ErrorBody },
      handler: async ({ request, caller }) => {
        await handleCommand(platform, commandContext(platform, request), sessionRevokeDecider, { userId: caller.userId, jti: request.params.jti });
        return { message: SESSION_SIGNED_OUT };
      },
    });

    signedIn.post('/api/settings/sessions/revoke-others', {
      summary: 'Sign out every session but this one',
      response: { 200: RevokeOthersResponse },
      handler: async ({ request, caller }) => {
        const before = await platform.read.get<UserSessionsView>(USER_SESSIONS, caller.userId);
        const now = platform.clock().toISOString();
        const others = (before?.sessions ?? []).filter((session) => session.jti !== caller.session!.jti && session.expires_at > now).length;
        await handleCommand(platform, commandContext(platform, request), revokeOthersDecider, { userId: caller.userId, keptJti: caller.session!.jti });
        return { message: OTHERS_SIGNED_OUT, signed_out: others };
      },
    });
  });
});
