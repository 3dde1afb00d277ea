import { ErrorBody, RegisterBody, SignInResponse, TokenBody, UserResponse } from '@linkledger/contracts';
import { userResponse } from './user-response.ts';
import type { UserView } from '@linkledger/projections';
import { USERS } from '@linkledger/projections';
import { loadStream } from '../commands/command-context.ts';
import { forbidden, unauthorized } from '../commands/domain-error.ts';
import { documentedAs } from '../http/feature-routes.ts';
import { visitorContext } from '../http/command-context.ts';
import { requestContext } from '../http/request-context.ts';
import { accountRefusal } from '../http/account-status.ts';
import { BAD_TOKEN } from './authenticate.ts';
import { emailRoutes } from './email-routes.ts';
import { resetCheckRoutes } from './reset-check-routes.ts';
import { deliverAtRegistration, mailToOwe } from './email-flows.ts';
import { signInLinkBases } from '../mail/sign-in-link-mail.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { normalizeEmail } from './email-claim-state.ts';
import { registerUser, userIdByEmail } from './register-user.ts';
import { sessionRoutes } from './session-routes.ts';
import { signupRoutes } from './signup-routes.ts';
import { RegistrationThrottle, loginThrottle } from './throttles.ts';
import { finishSignIn } from '../second-factor/index.ts';
import { evolveUser, noUser } from './user-state.ts';
import { publicRoutes, routesFor } from '../http/declared-routes.ts';

export const INVALID_LOGIN = 'Incorrect email or password';

/** Accounts: register, sign in and out, the sign-up switch, e-mail flows and social sign-in. */
export const accountRoutes = documentedAs('accounts', async (app, platform) => {
  const anyone = publicRoutes(app);
  const signedIn = routesFor(app, { access: 'user' });

  const logins = loginThrottle(platform);
  const registrations = new RegistrationThrottle(platform.config.REGISTRATIONS_PER_IP, platform.monotonic);

  anyone.post('/api/register', {
    summary: 'Create an account (the first one on an installation becomes super admin)',
    body: RegisterBody,
    response: { 201: UserResponse, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
    handler: async ({ request, reply }) => {
      refuseCommonPassword('password', request.body.password);
      await registrations.take(request.ip);
      const passwordHash = await hashPassword(request.body.password);
      const context = visitorContext(platform, request);
      // A link base that cannot be told never fails the registration: the banner's Resend asks again.
      const bases = await signInLinkBases(platform, request).catch((error: unknown) => {
        request.log.error({ err: error }, 'No verification email at registration: the request named no address its link could lead to');
        return null;
      });
      const verification = bases ? { mail: mailToOwe(platform, context), bases } : undefined;
      const userId = await registerUser(platform, context, { email: request.body.email, passwordHash, fullName: request.body.full_name, verification });
      if (verification) {
        await deliverAtRegistration(platform, verification.mail.mailId, (error) =>
          request.log.error({ err: error }, 'The verification email at registration could not be sent now; the mail sender tries it again'),
        );
      }
      const user = await platform.read.get<UserView>(USERS, userId);
      return reply.code(201).send(await userResponse(platform, user!));
    },
  });

  anyone.post('/api/token', {
    summary:
      'Sign in: form-encoded username (the email) and password give an access token, or a challenge for the code step when the account has a second factor',
    consumes: ['application/x-www-form-urlencoded'],
    body: TokenBody,
    response: { 200: SignInResponse, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
    handler: async ({ request }) => {
      const email = normalizeEmail(request.body.username);
      await logins.check(email, request.ip);
      const userId = await userIdByEmail(platform, email);
      const { state } = userId ? await loadStream(platform.events, `user-${userId}`, noUser, evolveUser) : { state: noUser };
      // Hash even for unknown emails, so timing does not tell which addresses have accounts.
      const valid = await verifyPassword(request.body.password, state.passwordHash || DUMMY_HASH);
      if (!valid || state.id === null) {
        await logins.failed(email, request.ip);
        throw unauthorized(INVALID_LOGIN);
      }
      await logins.succeeded(email, request.ip);
      // The right password of a suspended or banned account: say why, rather than "wrong password".
      const refusal = accountRefusal(state.status);
      if (refusal) throw forbidden(refusal);
      const context = requestContext(platform, request, { kind: 'user', id: String(state.id) });
      return finishSignIn(platform, context, { userId: state.id, role: state.role }, 'password', request.headers['user-agent']);
    },
  });

  signedIn.get('/api/users/me', {
    summary: 'The signed-in user',
    response: { 200: UserResponse },
    handler: async ({ caller }) => {
      const user = await platform.read.get<UserView>(USERS, caller.userId);
      if (!user) throw unauthorized(BAD_TOKEN);
      return userResponse(platform, user);
    },
  });

  for (const routes of [sessionRoutes, signupRoutes, emailRoutes, resetCheckRoutes, oauthRoutes]) await routes(app, platform);
});

const DUMMY_HASH = await hashPassword('not a real password');
