import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { openApi } from './openapi.ts';
import { documentedAs } from './feature-routes.ts';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

describe('OpenAPI document and interactive docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('documents every API route from the zod schemas, with both security schemes', async () => {
    const response = await t.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.components.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    });
    const create = document.paths['/api/urls'].post;
    expect(create.requestBody.content['application/json'].schema.required).toContain('original_url');
    expect(create.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/token'].post.requestBody.content).toHaveProperty('application/x-www-form-urlencoded');
    // Every /api route the server answers appears in the document, except the docs themselves.
    const routes = t.app.routeList
      .filter((route) => route.url.startsWith('/api/') && !route.hidden && !route.url.startsWith('/api/docs') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(routes).toEqual(expect.arrayContaining(['POST /api/urls', 'POST /api/register', 'GET /api/urls/:id/analytics']));
    for (const route of routes) expect(documented, route).toContain(route);
  });

  it('documents each route’s security as its declared access implies, and none for routes anyone may call', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json();
    const expected = {
      anyone: undefined,
      user: [{ bearer: [] }],
      admin: [{ bearer: [] }],
      super_admin: [{ bearer: [] }],
      user_or_api_key: [{ apiKey: [] }, { bearer: [] }],
    };
    const routes = t.app.routeList.filter(
      (route) => route.url.startsWith('/api/') && !route.hidden && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
    );
    expect(new Set(routes.map((route) => route.access))).toEqual(new Set(Object.keys(expected)));
    for (const route of routes) {
      const operation = document.paths[route.url.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()];
      expect(operation.security, `${route.method} ${route.url} (${route.access})`).toEqual(expected[route.access!]);
    }
  });

  it('refuses a route that writes its security by hand beside its access', async () => {
    const app = Fastify();
    await openApi(app);
    expect(() => app.get('/api/by-hand', { config: { access: 'user' }, schema: { security: [{ apiKey: [] }] } }, async () => ({}))).toThrow(
      /derived from config.access/,
    );
    await app.close();
  });

  it('documents the refusals a route’s access, plan feature, body and query imply, and its feature’s tag, without the route writing them', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await openApi(app);
    const ok = { 200: z.object({ ok: z.boolean() }) };
    await documentedAs('examples', async (scope) => {
      scope.post('/api/admin-body', { config: { access: 'admin' }, schema: { body: z.object({ a: z.string() }), response: ok } }, async () => ({ ok: true }));
      scope.get('/api/plan', { config: { access: 'user', feature: { key: 'csv_import_export', refusal: 'no' } }, schema: { response: ok } }, async () => ({
        ok: true,
      }));
      scope.get('/api/open', { config: { access: 'anyone' }, schema: { tags: ['own'], response: ok } }, async () => ({ ok: true }));
    })(app, {} as never);
    await app.ready();
    const document = app.swagger() as unknown as { paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>> };
    const codes = (path: string, method: string) => Object.keys(document.paths[path]![method]!.responses);
    expect(codes('/api/admin-body', 'post')).toEqual(['200', '400', '401', '403']);
    expect(codes('/api/plan', 'get')).toEqual(['200', '401', '403']);
    expect(codes('/api/open', 'get')).toEqual(['200']);
    expect(document.paths['/api/admin-body']!.post!.tags).toEqual(['examples']);
    expect(document.paths['/api/open']!.get!.tags).toEqual(['own']);
    await app.close();
  });

  it('serves the interactive docs', async () => {
    const docs = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(docs.statusCode);
    const page = docs.statusCode === 302 ? await t.app.inject(docs.headers.location as string) : docs;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
  });
});
