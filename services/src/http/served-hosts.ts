import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.ts';
import { canonicalHost, isLoopbackHost } from './origins.ts';
import { requestHostHeader } from './proxies.ts';

type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The host names the web app and the API answer on (docs/web-app.md#hosts): PUBLIC_URL's and
 * ALLOWED_ORIGINS', and this machine's loopback names (the operator's checks from the machine
 * itself; no browser elsewhere sends them). Null when neither is set: then every Host is ours.
 */
export function appHostNames(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>): ReadonlySet<string> | null {
  const origins = [config.PUBLIC_URL, ...(config.ALLOWED_ORIGINS ?? [])].filter((origin): origin is string => !!origin);
  return origins.length ? new Set(origins.map((origin) => canonicalHost(new URL(origin).hostname))) : null;
}

/** Whether a request's Host is one the app answers on. */
export function servesApp(hosts: ReadonlySet<string> | null, request: FastifyRequest): boolean {
  if (!hosts) return true;
  let host: string;
  try {
    host = canonicalHost(new URL(`http://${requestHostHeader(request)}`).hostname);
  } catch {
    return false;
  }
  return hosts.has(host) || isLoopbackHost(host);
}

/**
 * On any other Host (a user's custom domain, a name pointed here by someone else) only the
 * routes in `everyHostRoutes` are served: short links, which answer a link (or take a
 * protected link's password) or the page that says there is none, and the proxy's TLS ask. Everything else (the web app, its files, the
 * API, the live socket) gets `elsewhere`, so no other origin ever runs our pages or holds a
 * session of ours.
 */
export function answerOnlyOnAppHosts(app: FastifyInstance, hosts: ReadonlySet<string> | null, everyHostRoutes: readonly string[], elsewhere: Handler): void {
  if (!hosts) return;
  app.addHook('onRequest', async (request, reply) => {
    if (servesApp(hosts, request)) return;
    if ((request.method === 'GET' || request.method === 'HEAD' || request.method === 'POST') && everyHostRoutes.includes(request.routeOptions.url ?? ''))
      return;
    await elsewhere(request, reply);
    return reply;
  });
}
