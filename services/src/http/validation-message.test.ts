import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@linkledger/contracts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { validationAnswer, type SchemaIssue } from './validation-message.ts';

/** zod's own English, which a person should never read. */
const ZOD_WORDING =
  /Invalid input|expected (string|number|boolean|array|object)|received (undefined|string|number|array|object)|Too small|Too big|Unrecognized key/;

/** Issue #29: refusals name fields as the screens do; the machine name travels in `field`. */
describe('refusals name fields as the screens do', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t.app, 'root@example.com');
  });
  afterAll(async () => t.close());

  it('a destination that is no web address: "Destination URL must be…", field original_url', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/urls', headers: admin.headers, payload: { original_url: 'example.com' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: 'Destination URL must be a full web address starting with http:// or https://', field: 'original_url' });
  });

  it('a short password at registration: the text alone, not "password: Password must be…"', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: 'short@example.com', password: '123' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: 'Password must be at least 6 characters long', field: 'password' });
  });

  it('a sign-in provider without its redirect address: "Redirect URI is required.", not zod’s wording', async () => {
    const config = { provider: 'facebook', client_id: 'fb', client_secret: 'secret', scope: 'email', auth_url: 'https://www.facebook.com/v18.0/dialog/oauth' };
    const answer = await t.app.inject({ method: 'POST', url: '/api/admin/oauth-config', headers: admin.headers, payload: config });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: 'Redirect URI is required.', field: 'redirect_uri' });
  });

  it('a machine name in a refusal’s own text is named by its label too (a common new password)', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token: 'not-a-token', new_password: 'password' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      detail: expect.stringMatching(/^New password: This password is one of the most commonly used/),
      field: 'new_password',
    });
  });

  it('a field the API does not know is named as it was sent', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/reset-password/check', payload: { token: 'x', is_admin: true } });
    expect(answer.json()).toEqual({ detail: 'Unknown field "is_admin": this request does not take it.', field: 'is_admin' });
  });

  it('a misspelt field is named as unknown, not the field it was meant to be as missing', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/reset-password/check', payload: { tokn: 'x' } });
    expect(answer.json()).toEqual({ detail: 'Unknown field "tokn": this request does not take it.', field: 'tokn' });
  });
});

/** Every request schema of the contracts, as fastify-type-provider-zod reports its first issue. */
type RequestSchema = {
  shape: Record<string, unknown>;
  safeParse(value: unknown): { success: boolean; error?: { issues: { code: string; path: PropertyKey[]; message: string }[] } };
};
const isRequestSchema = (name: string, value: unknown): value is RequestSchema =>
  /(Body|Query|Params)$/.test(name) &&
  typeof (value as Partial<RequestSchema> | undefined)?.safeParse === 'function' &&
  typeof (value as Partial<RequestSchema>).shape === 'object';
const requestSchemas: [string, RequestSchema][] = [];
for (const [name, value] of Object.entries(contracts) as [string, unknown][]) if (isRequestSchema(name, value)) requestSchemas.push([name, value]);

function firstIssue(schema: RequestSchema, value: unknown): SchemaIssue | null {
  const parsed = schema.safeParse(value);
  const issue = parsed.success ? undefined : parsed.error?.issues[0];
  if (!issue) return null;
  const { code, path, message, ...params } = issue;
  return { keyword: code, instancePath: `/${path.map(String).join('/')}`, message, params };
}

describe('a sweep of every request schema', () => {
  it('finds the schemas', () => {
    expect(requestSchemas.length).toBeGreaterThan(40);
  });

  it('no refusal of a missing, mistyped or oversized field shows a machine field name or zod’s own wording', () => {
    const problems: string[] = [];
    for (const [name, schema] of requestSchemas) {
      const machineNames = Object.keys(schema.shape).filter((key) => key.includes('_'));
      const tries: unknown[] = [{}, ...Object.keys(schema.shape).flatMap((key) => [{ [key]: [] }, { [key]: 'x'.repeat(5000) }, { [key]: -5 }])];
      for (const value of tries) {
        const issue = firstIssue(schema, value);
        if (!issue || issue.keyword === 'unrecognized_keys') continue;
        const { detail } = validationAnswer(issue);
        const raw = machineNames.filter((key) => new RegExp(`(?<![\\w/.-])${key}(?![\\w/-])`).test(detail));
        if (ZOD_WORDING.test(detail) || raw.length) problems.push(`${name} ${JSON.stringify(value).slice(0, 60)} → ${detail}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
