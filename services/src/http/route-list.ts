import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { FeatureKey, WorkspacePermission } from '@linkledger/contracts';
import type { AccessLevel } from './access.ts';

interface ListedRoute {
  method: string;
  url: string;
  /** Hidden routes (web pages, docs assets, the websocket) are not part of the documented API. */
  hidden: boolean;
  /** Who may call it, as the route declares (http/access.ts); undefined outside /api. */
  access: AccessLevel | undefined;
  /** The plan feature the route requires, if any. */
  feature: FeatureKey | undefined;
  /** What the route needs of the caller's role in the workspace it acts in, if it acts in one. */
  workspace: WorkspacePermission | undefined;
  /** What a route on a workspace as such (`/api/workspaces/:id/…`) needs of the caller's role in the workspace its path names. */
  workspaceInPath: WorkspacePermission | undefined;
  /** The 403's text for a role the route refuses, when the route names its own. */
  workspaceRefusal: string | undefined;
  /** The parts of the request the route validates with a schema of its own, besides the path. */
  validates: { body: boolean; querystring: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, as registered: for the docs and the authorization tests. */
    routeList: ListedRoute[];
  }
}

/** Records every route registered after this call; HEAD twins of GET routes are left out. */
export function listRoutes(app: FastifyInstance): void {
  const routes: ListedRoute[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method as HTTPMethods | HTTPMethods[]);
    const schema = route.schema as { hide?: boolean; body?: unknown; querystring?: unknown } | undefined;
    const hidden = Boolean(schema?.hide);
    for (const method of methods) {
      if (method === 'HEAD' && methods.length === 1 && routes.some((r) => r.url === route.url && r.method === 'GET')) continue;
      const config = route.config as
        | {
            access?: AccessLevel;
            feature?: { key: FeatureKey };
            workspace?: WorkspacePermission;
            workspaceInPath?: WorkspacePermission;
            workspaceRefusal?: string;
          }
        | undefined;
      routes.push({
        method,
        url: route.url,
        hidden,
        access: config?.access,
        feature: config?.feature?.key,
        workspace: config?.workspace,
        workspaceInPath: config?.workspaceInPath,
        workspaceRefusal: config?.workspaceRefusal,
        validates: { body: schema?.body !== undefined, querystring: schema?.querystring !== undefined },
      });
    }
  });
}
