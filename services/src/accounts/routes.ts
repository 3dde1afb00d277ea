import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, RegisterBody, TokenBody, TokenResponse, UserResponse } from '@linkledger/contracts';
import type { UserView } from '@linkledger/projections';
import { USERS } from '@linkledger/projections';
import { loadStream } from '../platform/commands.ts';
import { HttpError, unauthorized } from '../platform/http-errors.ts';
import type { Platform } from '../platform/platform.ts';
import { requestContext } from '../platform/request-context.ts';
import { BAD_TOKEN, requireCaller } from './authenticate.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { normalizeEmail } from './register.ts';
import { emailStream, registerUser } from './register-user.ts';
import { issueToken } from './tokens.ts';
import { evolveUser, noUser } from './user-state.ts';

export const INVALID_LOGIN = 'Incorrect email or password';

const toUserResponse = (user: UserView) => UserResponse.parse(user);

/** The user id behind an email, from its uniqueness claim (no read-model lag). */
async function userIdByEmail(platform: Platform, email: string): Promise<number | null> {
  const [claim] = await platform.events.readStream(emailStream(email));
  const data = claim?.data as { user_id?: number } | undefined;
  return data?.user_id ?? null;
}

export async function accountRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create an account (the first one on an installation becomes super admin)',
        body: RegisterBody,
        response: { 201: UserResponse, 400: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      const context = requestContext(platform, request, { kind: 'visitor', id: 'anonymous' });
      const userId = await registerUser(platform, context, { email: request.body.email, passwordHash });
      const user = await platform.read.get<UserView>(USERS, userId);
      return reply.code(201).send(toUserResponse(user!));
    },
  );

  api.post(
    '/api/token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in: form-encoded username (the email) and password give an access token',
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenBody,
        response: { 200: TokenResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.username);
      const userId = await userIdByEmail(platform, email);
      const { state } = userId ? await loadStream(platform.events, `user-${userId}`, noUser, evolveUser) : { state: noUser };
      // Hash even for unknown emails, so timing does not tell which addresses have accounts.
      const valid = await verifyPassword(request.body.password, state.passwordHash || DUMMY_HASH);
      if (!valid || state.id === null) throw unauthorized(INVALID_LOGIN);
      return { access_token: issueToken(platform.secret, { userId: state.id, role: state.role }), token_type: 'bearer' as const };
    },
  );

  api.get(
    '/api/users/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: UserResponse, 401: ErrorBody },
      },
    },
    async (request) => {
      const caller = await requireCaller(platform, request);
      const user = await platform.read.get<UserView>(USERS, caller.userId);
      if (!user) throw new HttpError(401, BAD_TOKEN);
      return toUserResponse(user);
    },
  );
}

const DUMMY_HASH = await hashPassword('not a real password');
