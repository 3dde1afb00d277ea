import type { FastifyInstance } from 'fastify';
import { AnalystList, ErrorBody, IssueAnalystBody, IssuedAnalyst, MessageBody, TextIdParams } from '@linkledger/contracts';
import { NO_READ_MODEL, handleCommand } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { commandContext } from '../http/command-context.ts';
import type { AnalystsPlatform } from './analysts.ts';
import { analystCredentialsDecider } from './credential-deciders.ts';
import { ANALYSTS_STREAM, type AnalystCredential } from './credential-state.ts';
import { mintCredential } from './credentials.ts';
import { routesFor } from '../http/declared-routes.ts';

const ADMINS_MANAGE_ANALYSTS = 'Only an admin or super admin can manage analysts’ credentials.';
const admin = { access: 'admin', refusal: ADMINS_MANAGE_ANALYSTS } as const;
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const view = (credential: AnalystCredential) => ({ id: credential.id, name: credential.name, created_at: credential.createdAt });

/** Credentials for the analysts' ClickHouse endpoint, issued and revoked by admins (docs/analysts.md#credentials). */
export async function analystCredentialRoutes(app: FastifyInstance, platform: AnalystsPlatform) {
  const admins = routesFor(app, admin);

  // Credentials are read from their stream, not a read model: nothing to wait for.
  const deps = { events: platform.events, ...NO_READ_MODEL };

  admins.get('/api/admin/analysts', {
    summary: 'Analysts’ credentials (never their passwords), and where the endpoint listens',
    response: { 200: AnalystList, ...errors },
    handler: async () => {
      const { state } = await loadStream(platform.events, ANALYSTS_STREAM, analystCredentialsDecider.initialState, analystCredentialsDecider.evolve);
      return {
        analysts: [...state.values()].map(view),
        port: platform.analysts.port ?? platform.config.ANALYST_PORT ?? null,
        database: platform.analysts.queries.database,
      };
    },
  });

  admins.post('/api/admin/analysts', {
    summary: 'Issue a credential: the answer holds its password, shown this once',
    body: IssueAnalystBody,
    response: { 201: IssuedAnalyst, ...errors },
    handler: async ({ request, reply }) => {
      const minted = mintCredential(platform.secret);
      const context = commandContext(platform, request);
      await handleCommand(deps, context, analystCredentialsDecider, { kind: 'issue', id: minted.id, name: request.body.name, secretHash: minted.secretHash });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ id: minted.id, name: request.body.name, created_at: context.now.toISOString(), password: minted.password });
    },
  });

  admins.delete('/api/admin/analysts/:id', {
    summary: 'Revoke a credential: its next query is refused',
    params: TextIdParams,
    response: { 200: MessageBody, ...errors },
    handler: async ({ request }) => {
      await handleCommand(deps, commandContext(platform, request), analystCredentialsDecider, { kind: 'revoke', id: request.params.id });
      return { message: 'The credential was revoked' };
    },
  });
}
