import { randomUUID } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { checkToken } from '../accounts/authenticate.ts';
import { answerStillProcessing } from '../http/still-processing.ts';
import { accountsFeature } from '../accounts/accounts-feature.ts';
import { settingsRoutes } from '../settings/routes.ts';
import { secondFactorRoutes } from '../second-factor/routes.ts';
import { notificationRoutes } from '../notifications/routes.ts';
import { apiKeyRoutes } from '../api-keys/routes.ts';
import { adminFeature } from '../admin/admin-feature.ts';
import { analystsFeature } from '../analysts/analysts-feature.ts';
import { billingFeature } from '../billing/billing-feature.ts';
import { domainsFeature } from '../domains/domains-feature.ts';
import { historyFeature } from '../history/history-feature.ts';
import { linksFeature } from '../links/links-feature.ts';
import { bioPagesFeature } from '../bio-pages/bio-pages-feature.ts';
import { reportsFeature } from '../reports/reports-feature.ts';
import { importsFeature } from '../imports/imports-feature.ts';
import { paymentsFeature } from '../payments/payments-feature.ts';
import { supportFeature } from '../support/support-feature.ts';
import { workspacesFeature } from '../workspaces/workspaces-feature.ts';
import { roleIn } from '../workspaces/workspace-views.ts';
import { ACTIVITY_TYPES, newActivity } from '../workspaces/index.ts';
import { privacyRoutes } from '../privacy/routes.ts';
import { maskEmailAddresses } from '../privacy/masked-log.ts';
import { projectionRoutes } from '../projection-ops/routes.ts';
import { analyticsPurgeRoutes } from '../projection-ops/analytics-purge-routes.ts';
import { healthRoutes } from '../health/routes.ts';
import { shlinkRoutes } from '../shlink/shlink-routes.ts';
import { BRAND_LOGO_ROUTE, brandingRoutes } from '../white-label/index.ts';
import { BIO_AVATAR_ROUTE } from '../bio-pages/index.ts';
import { LiveHub } from '../live/hub.ts';
import { liveRoutes } from '../live/routes.ts';
import { DailySalts, visitorSaltsFolder } from '../redirect/daily-salts.ts';
import { AddressRateLimiter } from '../throttling/rate-limit.ts';
import { createRedirectHandler } from '../redirect/redirect-handler.ts';
import { servePublicPage } from '../public-pages/public-page-dispatch.ts';
import { surveyRoutes } from '../surveys/survey-routes.ts';
import { LinkPasswords } from '../redirect/link-password.ts';
import { ourHostNames } from '../http/origins.ts';
import { DomainError } from '../commands/domain-error.ts';
import { firstToName, validationAnswer } from '../http/validation-message.ts';
import { httpAnswer, storageRefusal } from '../http/http-errors.ts';
import { RepeatedErrors } from '../platform/repeated-errors.ts';
import type { OpenedPlatform } from './open-platform.ts';
import { openApi } from '../http/openapi.ts';
import { enforceAccess } from '../http/access.ts';
import { accessChecks } from './access-checks.ts';
import { listRoutes } from '../http/route-list.ts';
import { addSecurityHeaders } from '../http/security-headers.ts';
import { foreignHostNotFound, webApp } from '../http/web-app.ts';
import { answerOnlyOnAppHosts, appHostNames, servesApp } from '../http/served-hosts.ts';
import { proxyTrust, requestProtocol } from '../http/proxies.ts';
import { limitedServer } from '../http/connection-limits.ts';
import { TLS_ASK_PATH } from '../domains/tls/ask-callers.ts';
import { webhooksFeature } from '../webhooks/index.ts';

/** The app's routes of short links: `/{code}` and, under a TRAI header, `/{HEADER}/{code}`. */
// TRAI paths in any case (docs/domains.md): only a six-letter-or-digit first segment, so the app's own two-segment pages and files (static routes win) are untouched.
const REDIRECT_ROUTES = ['/:code', '/:header(^[A-Za-z0-9]{6}$)/:code'];

/**
 * No query value reaches the logs: some are secrets (the cutt.ly-style API key, tokens),
 * others personal (a search for a name, a destination); their names stay, for debugging.
 */
const redactUrl = (url: string) => url.replace(/([?&][^=&#]*=)[^&#]*/g, '$1[redacted]');

interface AppOptions {
  logger?: boolean;
  /** Where log lines go instead of standard output (a test that reads the log of a run). */
  logStream?: { write(line: string): void };
}

/** The HTTP face of Linkledger: API, redirects, live websocket and the web app, on one port. */
export async function buildApp(platform: OpenedPlatform, options: AppOptions = {}): Promise<FastifyInstance> {
  let log: (error: unknown) => void = (error) => console.error(error);
  const { REDIRECT_RATE_PER_IP: perSecond, REDIRECT_BURST_PER_IP: burst } = platform.config;
  const limiter = perSecond > 0 ? new AddressRateLimiter({ perSecond, burst, now: platform.monotonic }) : undefined;
  const trust = proxyTrust(platform.config);
  const redirect = createRedirectHandler({
    events: platform.events,
    cache: platform.linkCache,
    salts: new DailySalts(visitorSaltsFolder(platform.config.DATA_DIR)),
    trustProxy: trust,
    clock: platform.clock,
    passwords: new LinkPasswords(platform.secret, platform.monotonic),
    onError: (error) => log(error),
    ...(limiter ? { limiter } : {}),
    // Hosts are known only when the installation names them; otherwise any Host that is no user's domain is ours.
    ourHosts: platform.config.PUBLIC_URL || platform.config.ALLOWED_ORIGINS?.length ? ourHostNames(platform.config) : null,
  });

  const app = Fastify({
    // Redirects are answered before the framework sees the request: they are the hot path.
    serverFactory: (handler) =>
      limitedServer((request, response) => redirect.front(request, response, () => handler(request, response)), {
        perAddress: platform.config.CONNECTIONS_PER_IP,
        total: platform.config.MAX_CONNECTIONS,
        trust,
      }),
    genReqId: () => randomUUID(),
    // Only these proxies' X-Forwarded-* headers are read; anyone else's are ignored.
    trustProxy: platform.config.TRUST_PROXY.length ? platform.config.TRUST_PROXY : false,
    logger:
      options.logger === false
        ? false
        : {
            level: platform.config.LOG_LEVEL,
            // Every line names the process's role: under the supervisor two processes share one log.
            base: { pid: process.pid, role: platform.config.ROLE },
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie'],
            // The last step before a line is written: no e-mail address leaves in a log (docs/privacy.md).
            hooks: { streamWrite: maskEmailAddresses },
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url) }),
            },
          },
    // No per-request log lines: at tens of thousands of redirects a second they would cost more than the redirect.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // A fault every request meets (a full disk) is logged once per kind and interval, with a
  // count, never once per request (docs/architecture.md#self-healing-stores).
  const repeatedErrors = new RepeatedErrors({
    now: () => platform.clock().getTime(),
    write: ({ error, message, kind, repeats, seconds }) => app.log.error(error === undefined ? { kind, repeats, seconds } : { err: error, kind }, message),
  });
  const closeIntervals = setInterval(() => repeatedErrors.flush(), 1000).unref();
  app.addHook('onClose', async () => {
    clearInterval(closeIntervals);
    repeatedErrors.flush();
  });
  log = (error) => repeatedErrors.report(error, 'Redirect failed');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof DomainError) {
      const answer = httpAnswer(error);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(validationAnswer(firstToName(error.validation)));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: clientErrorDetail(error) });
    }
    const notSaved = storageRefusal(error);
    if (notSaved) {
      repeatedErrors.report(error, 'A write was refused: the store could not save');
      const answer = httpAnswer(notSaved);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    }
    repeatedErrors.report(error, 'Unhandled error');
    return reply.code(500).send({ detail: 'Something went wrong on our side. Please try again in a moment.' });
  });

  addSecurityHeaders(app, platform.config);
  answerStillProcessing(app);
  // Customer domains and any other Host get short links and a 404 page without the app (docs/web-app.md#hosts).
  const appHosts = appHostNames(platform.config);
  const ourElsewhereNotFound = foreignHostNotFound(platform.config.PUBLIC_URL ?? platform.config.ALLOWED_ORIGINS?.[0] ?? null);
  // A white-label workspace's domain shows its own 404 page (docs/pages.md#white-label).
  const elsewhereNotFound = (request: FastifyRequest, reply: FastifyReply) => {
    const brand = redirect.brandAt(request.raw);
    if (brand === null) return ourElsewhereNotFound(request, reply);
    reply.hijack();
    redirect.brandedNotFound(reply.raw, brand);
    return reply;
  };
  await app.register(fastifyFormbody);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  // After the websocket plugin's own hook, so a refused upgrade's socket is closed after its 404.
  answerOnlyOnAppHosts(app, appHosts, [...REDIRECT_ROUTES, TLS_ASK_PATH, BRAND_LOGO_ROUTE, BIO_AVATAR_ROUTE], elsewhereNotFound);
  listRoutes(app);
  enforceAccess(app, accessChecks(platform));
  await openApi(app);

  const hub = new LiveHub(
    platform.events,
    platform,
    async (token) => {
      const checked = await checkToken(platform, token);
      return 'refusal' in checked ? checked.refusal : null;
    },
    (userId, workspaceId) => roleIn(platform, userId, workspaceId),
    (error) => app.log.error({ err: error }, 'Live update failed'),
    { types: ACTIVITY_TYPES, entryOf: (recorded, watched) => newActivity(platform, recorded, watched) },
  );
  app.addHook('onClose', async () => {
    await hub.stop();
  });

  const { notFoundPage: appNotFoundPage } = await webApp(app, platform.config.WEB_DIST_DIR);
  // A white-label workspace's domain gets its branded page even where every Host serves the app (no PUBLIC_URL).
  const notFoundPage = (request: FastifyRequest, reply: FastifyReply) =>
    (servesApp(appHosts, request) && redirect.brandAt(request.raw) === null ? appNotFoundPage : elsewhereNotFound)(request, reply);
  // Each feature registers its own routes (a feature with several route files, through its `*-feature.ts`); add a feature here.
  const features = [
    healthRoutes,
    accountsFeature,
    linksFeature,
    bioPagesFeature,
    importsFeature,
    billingFeature,
    paymentsFeature,
    domainsFeature,
    privacyRoutes,
    supportFeature,
    workspacesFeature,
    adminFeature,
    analystsFeature,
    projectionRoutes,
    analyticsPurgeRoutes,
    historyFeature,
    apiKeyRoutes,
    settingsRoutes,
    secondFactorRoutes,
    notificationRoutes,
    shlinkRoutes,
    brandingRoutes,
    surveyRoutes,
    webhooksFeature,
    reportsFeature,
  ];
  for (const routes of features) await routes(app, platform);
  await liveRoutes(app, platform, hub);

  // The same redirect inside the app, for requests that did not come through the server's
  // front (app.inject); codes that are not links served here get the 404 page.
  const redirectInApp = async (request: FastifyRequest, reply: FastifyReply) => {
    const found = await redirect.linkFor(request.raw);
    if (!found) return (await servePublicPage(platform, request, reply, redirect.visitPlace(request.raw))) ? reply : notFoundPage(request, reply);
    reply.hijack();
    redirect.serveLink(request.raw, reply.raw, found.link, found.query);
  };
  for (const url of REDIRECT_ROUTES) app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: redirectInApp });
  // The password form of a protected link posts here (docs/links.md#password), and a public page's form (a survey's answers,
  // docs/pages.md); a POST to any other code is the 404 page and counts nothing.
  const passwordInApp = async (request: FastifyRequest, reply: FastifyReply) => {
    const found = await redirect.linkFor(request.raw);
    if (!found) return (await servePublicPage(platform, request, reply, redirect.visitPlace(request.raw))) ? reply : notFoundPage(request, reply);
    if (!found.link.controls?.passwordHash) return notFoundPage(request, reply);
    reply.hijack();
    redirect.attemptPassword(request.raw, reply.raw, found.link, found.query, request.body, requestProtocol(request) === 'https');
  };
  for (const url of REDIRECT_ROUTES) app.route({ method: 'POST', url, schema: { hide: true }, handler: passwordInApp });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ detail: `There is no ${request.method} ${request.url.split('?')[0]} in this API. See /api/openapi.json.` });
    }
    return notFoundPage(request, reply);
  });
  return app;
}

function clientErrorDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Content-Type: send JSON (application/json), or form data where the route says so.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty: send a JSON object.';
    default:
      return error.message.startsWith('Unexpected') || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? `The request body is not valid JSON: ${error.message}`
        : error.message;
  }
}
