import type { FastifyInstance } from 'fastify';
import {
  ErrorBody,
  ForgotPasswordBody,
  MessageBody,
  RESET_TOKEN_MISSING,
  ResetPasswordBody,
  VERIFICATION_TOKEN_MISSING,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '@linkledger/contracts';
import { DomainError, invalid } from '../commands/domain-error.ts';
import { signInLinkBases } from '../mail/sign-in-link-mail.ts';
import type { Platform } from '../platform/platform.ts';
import { commandContext, visitorContext } from '../http/command-context.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import { MAIL_DELAYED, resetPasswordWithToken, sendPasswordResetEmail, sendVerificationEmail, verifyEmailWithToken } from './email-flows.ts';
import { ignoreBodies } from '../http/optional-body.ts';
import { normalizeEmail } from './email-claim-state.ts';
import { proveSecondFactorForReset } from '../second-factor/index.ts';
import { MailThrottle, loginThrottle } from './throttles.ts';
import { EMAIL_ALREADY_VERIFIED } from './email-link-deciders.ts';
import { publicRoutes, routesFor } from '../http/declared-routes.ts';

export const EMAIL_VERIFIED = 'Email verified successfully! You can now use every feature of your account.';
export const PASSWORD_RESET = 'Password reset successfully!';

export const VERIFICATION_SENT = 'Verification email sent. Check your inbox and spam folder.';
export const RESET_REQUESTED = 'If an account exists for that address, a reset link is on its way.';

export async function emailRoutes(app: FastifyInstance, platform: Platform) {
  const anyone = publicRoutes(app);

  const mailThrottle = new MailThrottle(platform.monotonic);
  // Reset mails go out after the answer, so its timing cannot tell which addresses have
  // accounts; closing the app waits for the ones still on their way.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });

  await app.register(async (scope) => {
    const signedIn = routesFor(scope, { access: 'user' });

    await ignoreBodies(scope);
    signedIn.post('/api/auth/request-verification', {
      summary: 'Email the signed-in user a link that verifies their address (valid 24 hours)',
      response: { 200: MessageBody, 409: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      handler: async ({ request, caller }) => {
        const bases = await signInLinkBases(platform, request);
        const wait = await mailThrottle.take(`user-${caller.userId}`);
        if (wait) throw MailThrottle.refusal(wait);
        const context = commandContext(platform, request);
        try {
          await sendVerificationEmail(platform, context, caller.userId, bases);
        } catch (error) {
          if (error instanceof DomainError && error.detail === MAIL_DELAYED)
            request.log.error({ err: error.cause }, 'Verification email not sent now; the mail sender tries it again');
          throw error;
        }
        return { message: VERIFICATION_SENT };
      },
    });
  });

  anyone.post('/api/verify-email', {
    summary: 'Verify an email address with the token from the emailed link',
    body: VerifyEmailBody,
    response: { 200: VerifyEmailResponse },
    handler: async ({ request }) => {
      const token = request.body.token?.trim();
      if (!token) throw invalid(VERIFICATION_TOKEN_MISSING);
      const { alreadyVerified } = await verifyEmailWithToken(platform, visitorContext(platform, request), token);
      return { message: alreadyVerified ? EMAIL_ALREADY_VERIFIED : EMAIL_VERIFIED, already_verified: alreadyVerified };
    },
  });

  anyone.post('/api/forgot-password', {
    summary: 'Email a password reset link (valid 1 hour); the answer is the same whether or not the address has an account',
    body: ForgotPasswordBody,
    response: { 200: MessageBody },
    handler: async ({ request }) => {
      const email = normalizeEmail(request.body.email);
      const bases = await signInLinkBases(platform, request);
      const context = visitorContext(platform, request);
      const work = (async () => {
        if (await mailThrottle.take(email)) return request.log.warn('Password reset mail not sent: too many for this address this hour');
        await sendPasswordResetEmail(platform, context, email, bases);
      })().catch((error: unknown) => request.log.error({ err: error }, 'Password reset email failed'));
      pending.add(work);
      void work.finally(() => pending.delete(work));
      return { message: RESET_REQUESTED };
    },
  });

  anyone.post('/api/reset-password', {
    summary: 'Set a new password with the token from the emailed reset link (once, within 1 hour); signs out every session',
    body: ResetPasswordBody,
    response: { 200: MessageBody },
    handler: async ({ request }) => {
      const token = request.body.token?.trim();
      if (!token) throw invalid(RESET_TOKEN_MISSING);
      refuseCommonPassword('new_password', request.body.new_password);
      const context = visitorContext(platform, request);
      await proveSecondFactorForReset(platform, context, { token, code: request.body.second_factor_code, ip: request.ip });
      const { email } = await resetPasswordWithToken(platform, context, token, request.body.new_password);
      loginThrottle(platform).passwordReset(email);
      return { message: PASSWORD_RESET };
    },
  });
}
