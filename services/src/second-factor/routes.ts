import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import {
  ConfirmSecondFactorBody,
  DisableSecondFactorBody,
  ErrorBody,
  MessageBody,
  RecoveryCodesResponse,
  RegenerateRecoveryCodesBody,
  ResetSecondFactorQueryBody,
  ResetSecondFactorQueryResponse,
  SecondFactorSignInBody,
  SecondFactorStatusResponse,
  StartSecondFactorBody,
  StartSecondFactorResponse,
  TokenResponse,
} from '@linkledger/contracts';
import { handleCommand, type Decider } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { DomainError } from '../commands/domain-error.ts';
import { loginThrottle, evolveUser, noUser } from '../accounts/index.ts';
import { callerOf } from '../http/access.ts';
import { commandContext, visitorContext } from '../http/command-context.ts';
import { documentedAs } from '../http/feature-routes.ts';
import { proveCurrentPassword } from '../settings/index.ts';
import { guardedCodeCheck } from './code-throttle.ts';
import { confirmEnrolmentDecider, disableDecider, regenerateRecoveryCodesDecider, startEnrolmentDecider, type CodeCheck } from './second-factor-deciders.ts';
import { resetNeedsSecondFactor } from './password-reset.ts';
import { newRecoveryCodes } from './recovery-codes.ts';
import { secondFactorKeys } from './second-factor-keys.ts';
import { evolveSecondFactor, noSecondFactor, secondFactorStream, type SecondFactorState } from './second-factor-state.ts';
import { answerChallenge } from './sign-in.ts';
import { newTotpSecret, otpauthUri } from './totp.ts';
import { publicRoutes, routesFor } from '../http/declared-routes.ts';

const SECOND_FACTOR_ON = 'Two-step verification turned on successfully. Save your recovery codes now: they are shown only once.';
export const SECOND_FACTOR_OFF = 'Two-step verification turned off successfully.';
const RECOVERY_CODES_REPLACED = 'Recovery codes replaced successfully: the old ones no longer work. Save these now: they are shown only once.';

/** The second factor (docs/accounts.md#second-factor): set-up and removal in the settings, the code step of sign-in, and what a reset link needs. */
export const secondFactorRoutes = documentedAs('settings', async (app, platform) => {
  const signedIn = routesFor(app, { access: 'user' });
  const anyone = publicRoutes(app);

  const keys = secondFactorKeys(platform.secret);
  /** Runs a code-checked command that records a fresh set of recovery codes (their hashes), and answers the codes: the only time they are seen. */
  async function withNewRecoveryCodes(
    request: FastifyRequest,
    decider: Decider<CodeCheck & { recoveryHashes: string[] }, SecondFactorState>,
    code: string,
    message: string,
  ) {
    const { userId } = callerOf(request);
    const codes = newRecoveryCodes();
    const recoveryHashes = codes.map((recoveryCode) => keys.hashRecoveryCode(userId, recoveryCode));
    const context = commandContext(platform, request);
    await guardedCodeCheck(platform, userId, request.ip, () =>
      handleCommand(platform, context, decider, { userId, code, now: context.now, keys, recoveryHashes }),
    );
    return { message, recovery_codes: codes };
  }
  const factorOf = async (userId: number) => (await loadStream(platform.events, secondFactorStream(userId), noSecondFactor, evolveSecondFactor)).state;

  signedIn.get('/api/settings/second-factor', {
    summary: 'Whether two-step verification is on, and how many recovery codes are left',
    response: { 200: SecondFactorStatusResponse },
    handler: async ({ caller }) => {
      const { userId } = caller;
      const [factor, user] = await Promise.all([factorOf(userId), loadStream(platform.events, `user-${userId}`, noUser, evolveUser)]);
      return {
        enabled: factor.enabled !== null,
        enabled_at: factor.enabled?.since ?? null,
        recovery_codes_left: factor.enabled?.recoveryHashes.length ?? 0,
        email_verified: user.state.isVerified,
      };
    },
  });

  signedIn.post('/api/settings/second-factor/start', {
    summary: 'Begin setting up two-step verification: a new secret for the authenticator app (shown this once), as text, otpauth URI and QR code',
    body: StartSecondFactorBody,
    response: { 200: StartSecondFactorResponse, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
    handler: async ({ request, caller }) => {
      const { userId } = caller;
      const account = await proveCurrentPassword(platform, loginThrottle(platform), userId, request.body.current_password, request.ip);
      const secret = newTotpSecret();
      await handleCommand(platform, commandContext(platform, request), startEnrolmentDecider, {
        userId,
        sealedSecret: keys.seal(secret),
        emailVerified: account.user.isVerified,
      });
      const uri = otpauthUri(secret, account.user.email);
      return { secret, otpauth_uri: uri, qr_code: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 }) };
    },
  });

  // Turning the factor on and replacing the codes both answer a new set of recovery codes, this once.
  const newCodeRoutes = [
    {
      url: '/api/settings/second-factor/confirm',
      summary: 'Turn two-step verification on with a current code from the app; answers the recovery codes, this once',
      body: ConfirmSecondFactorBody,
      decider: confirmEnrolmentDecider,
      message: SECOND_FACTOR_ON,
    },
    {
      url: '/api/settings/second-factor/recovery-codes',
      summary: 'Replace every recovery code with a new set (needs a current code); answers the new codes, this once',
      body: RegenerateRecoveryCodesBody,
      decider: regenerateRecoveryCodesDecider,
      message: RECOVERY_CODES_REPLACED,
    },
  ];
  for (const { url, summary, body, decider, message } of newCodeRoutes) {
    signedIn.post(url, {
      summary,
      body,
      response: { 200: RecoveryCodesResponse, 409: ErrorBody, 429: ErrorBody },
      handler: async ({ request }) => withNewRecoveryCodes(request, decider, request.body.code, message),
    });
  }

  signedIn.post('/api/settings/second-factor/disable', {
    summary: 'Turn two-step verification off with the password and a current or recovery code',
    body: DisableSecondFactorBody,
    response: { 200: MessageBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
    handler: async ({ request, caller }) => {
      const { userId } = caller;
      await proveCurrentPassword(platform, loginThrottle(platform), userId, request.body.current_password, request.ip);
      const context = commandContext(platform, request);
      await guardedCodeCheck(platform, userId, request.ip, () =>
        handleCommand(platform, context, disableDecider, { userId, code: request.body.code, now: context.now, keys }),
      );
      return { message: SECOND_FACTOR_OFF };
    },
  });

  anyone.post('/api/token/second-factor', {
    tags: ['accounts'],
    summary:
      'The code step of a sign-in: the challenge from POST /api/token (or a social sign-in) with an authenticator or recovery code gives the access token',
    body: SecondFactorSignInBody,
    response: { 200: TokenResponse, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
    handler: async ({ request }) => {
      const context = visitorContext(platform, request);
      const token = await answerChallenge(platform, context, { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] });
      return { access_token: token, token_type: 'bearer' as const };
    },
  });

  anyone.post('/api/reset-password/second-factor', {
    tags: ['accounts'],
    summary: 'Whether a reset link also needs a second-factor code (its account has two-step verification on)',
    body: ResetSecondFactorQueryBody,
    response: { 200: ResetSecondFactorQueryResponse },
    handler: async ({ request }) => {
      try {
        return { second_factor_required: (await resetNeedsSecondFactor(platform, request.body.token.trim(), platform.clock())) !== null };
      } catch (error) {
        // A dead link needs nothing more: the reset itself says what is wrong with it.
        if (error instanceof DomainError) return { second_factor_required: false };
        throw error;
      }
    },
  });
});
