import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

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

  it('serves the interactive docs', async () => {
    const docs = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(docs.statusCode);
    const page = docs.statusCode === 302 ? await t.app.inject(docs.headers.location as string) : docs;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
  });
});
