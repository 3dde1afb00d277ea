import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access, Caller, WorkspaceContext } from './access.ts';

/** What a route says of itself beside its access: what it is for, what it takes, what it answers. */
type RouteSchema = FastifySchema & ({ summary: string } | { hide: true });

type ZodHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** A request as its route's zod schemas type it, and the reply whose body they check. */
interface RouteCall<S extends FastifySchema> {
  request: Parameters<ZodHandler<S>>[0];
  reply: Parameters<ZodHandler<S>>[1];
}

type Handler<S extends FastifySchema, Extra> = (call: RouteCall<S> & Extra) => ReturnType<ZodHandler<S>>;

/**
 * A route's schema and the handler that answers it, declared together. Each schema part is a
 * type parameter of its own so that the handler's request and reply are typed from them.
 */
type RouteDeclaration<Body, Query, Params, Headers, Response, Extra> = Omit<RouteSchema, 'body' | 'querystring' | 'params' | 'headers' | 'response'> & {
  body?: Body;
  querystring?: Query;
  params?: Params;
  headers?: Headers;
  response?: Response;
  /** The largest body the route reads, in bytes, when it takes more than fastify's 1 MiB (a bulk of links). */
  bodyLimit?: number;
  handler: Handler<{ body: Body; querystring: Query; params: Params; headers: Headers; response: Response }, Extra>;
};

type Declare<Extra> = <Body, Query, Params, Headers, Response>(url: string, route: RouteDeclaration<Body, Query, Params, Headers, Response, Extra>) => void;

/** The routes of one access declaration: each takes its path, then its schema and handler. */
interface DeclaredRoutes<Extra> {
  get: Declare<Extra>;
  post: Declare<Extra>;
  put: Declare<Extra>;
  patch: Declare<Extra>;
  delete: Declare<Extra>;
}

type Credentialed = Exclude<Access, { access: 'anyone' }>;
type Declaration = FastifyContextConfig & (Credentialed | { access: 'anyone' });

function declare<Extra>(
  app: FastifyInstance,
  config: Declaration,
  extra: (request: { caller: Caller | null; workspace: WorkspaceContext | null }) => Extra,
): DeclaredRoutes<Extra> {
  const on =
    (method: HTTPMethods): Declare<Extra> =>
    (url, { handler, bodyLimit, ...schema }) => {
      app.route({
        method,
        url,
        ...(bodyLimit === undefined ? {} : { bodyLimit }),
        // The one place a route's access reaches fastify.
        // eslint-disable-next-line no-restricted-syntax
        config,
        schema,
        // The zod type provider types request and reply from the schema; the route itself is the same.
        handler: (request: FastifyRequest, reply: FastifyReply) => handler({ request, reply, ...extra(request) } as unknown as Parameters<typeof handler>[0]),
      });
    };
  return { get: on('GET'), post: on('POST'), put: on('PUT'), patch: on('PATCH'), delete: on('DELETE') };
}

/** What a credentialed route's handler is handed: the caller, and the workspace when the route acts in one. */
type Checked<A> = A extends { workspace: string } | { workspaceInPath: string } ? { caller: Caller; workspace: WorkspaceContext } : { caller: Caller };

/**
 * Routes that require a credential (docs/architecture.md#who-may-call-a-route): the access hook
 * has checked it before the handler runs, and the handler gets the caller it checked — and,
 * for routes that declare the `workspace` permission they need, the workspace they act in
 * with the caller's role there (docs/workspaces.md#acting-in-a-workspace).
 */
export function routesFor<A extends FastifyContextConfig & Credentialed>(app: FastifyInstance, access: A): DeclaredRoutes<Checked<A>> {
  return declare(app, access, (request) => {
    if (!request.caller) throw new Error('The access hook let a request through without its caller');
    if (!access.workspace && !access.workspaceInPath) return { caller: request.caller } as Checked<A>;
    if (!request.workspace) throw new Error('The access hook let a request through without its workspace');
    return { caller: request.caller, workspace: request.workspace } as Checked<A>;
  });
}

/** Routes anyone may call: no caller is handed in (a route that checks a credential of its own reads it itself). */
export function publicRoutes(app: FastifyInstance): DeclaredRoutes<object> {
  return declare(app, { access: 'anyone' }, () => ({}));
}
