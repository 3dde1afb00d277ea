import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type CreatedWebhook, type DomainEvent, type Webhook, type WebhookDeliveryList, type WebhookPayload } from '@linkledger/contracts';
import { recordFact } from '../commands/record-fact.ts';
import { givePlan } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { registeredOverSmtp } from '../testing/smtp-accounts.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { startTestSmtpServer } from '../testing/test-smtp-server.ts';
import { WebhookDeliverer } from './webhook-deliverer.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const HOSTILE_NAME = '<img src=x onerror=alert(1)> hook';
const MINUTE = 60_000;

/** The verification example of docs/webhooks.md#signature, run as a receiver would run it. */
function docsVerifier(): (secret: string, header: string, rawBody: string, nowSeconds: number) => boolean {
  const docs = readFileSync(new URL('../../../docs/webhooks.md', import.meta.url), 'utf8');
  const example = /```js\n([\s\S]*?)```/.exec(docs)![1]!;
  const body = example.replace(/^import .*\n/m, '');
  expect(body.trim().split('\n')).toHaveLength(5);
  return new Function('createHmac', 'timingSafeEqual', `${body}\nreturn verify;`)(createHmac, timingSafeEqual);
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  payload: WebhookPayload;
}

/*
 * Webhooks (docs/webhooks.md): before, nothing outside heard what happened here. Now a receiver
 * on loopback (WEBHOOKS_ALLOW_PRIVATE_TARGETS=1) gets every event type it asked for, signed,
 * retried with backoff on the injected clock, and a replay of yesterday with the same ids.
 */
describe('webhooks delivered to a real receiver', () => {
  const clock = { now: Date.parse('2026-11-27T10:00:00.000Z') };
  const received: Received[] = [];
  /** The status each path answers. */
  const answers = new Map<string, number>();
  let receiver: Server;
  let base: string;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let t: TestApp;
  let asha: Session;
  let link: { id: number; short_code: string };

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, session = asha) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  const hooks = () => `/api/workspaces/${asha.user.id}/webhooks`;
  const createWebhook = async (body: object) => {
    const answer = await call('POST', hooks(), body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<CreatedWebhook>();
  };
  const webhook = async (id: number) => (await call('GET', hooks())).json<{ webhooks: Webhook[] }>().webhooks.find((hook) => hook.id === id)!;
  const deliveries = async (id: number) => (await call('GET', `${hooks()}/${id}/deliveries`)).json<WebhookDeliveryList>().deliveries;
  /** A round of the deliverer once the read model holds what happened. */
  const round = async () => {
    await projectorsCaughtUp(t.platform);
    await t.platform.webhookDeliverer!.tick();
  };
  const at = (path: string) => received.filter((request) => request.path === path);
  const newLink = async (url: string, session = asha) => {
    const answer = await call('POST', '/api/urls', { original_url: url }, session);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ id: number; short_code: string }>();
  };
  const system = (now: number) => ({ actor: { kind: 'system' as const, id: 'test' }, correlationId: crypto.randomUUID(), now: new Date(now) });
  const recorded = (stream: string, event: DomainEvent) => recordFact(t.platform.events, system(clock.now), { stream, event });

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const path = request.url ?? '';
        received.push({ path: path.split('?')[0]!, headers: request.headers, body, payload: JSON.parse(body) as WebhookPayload });
        const status = answers.get(path.split('?')[0]!) ?? 200;
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : `failed <b>${status}</b>`);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    smtp = await startTestSmtpServer({ user: 'mailer', pass: 'secret' });
    const env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'no-reply@lnk.example.com',
      PUBLIC_URL: 'https://lnk.example.com',
      REGISTRATIONS_PER_IP: '0',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
    };
    t = await startTestApp(env, { clock: () => new Date(clock.now) });
    await registeredOverSmtp(t, smtp.received, 'root@example.com');
    asha = await registeredOverSmtp(t, smtp.received, 'asha@example.com');
    await givePlan(t.platform, asha.user.id, 'pro');
    link = await newLink('https://example.com/chosen');
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  let everything: CreatedWebhook;
  const firstIds: string[] = [];

  it('delivers each event type once, signed as the docs verify, with the event’s own id and public data only', async () => {
    everything = await createWebhook({ name: 'Everything', url: `${base}/all`, events: [...WEBHOOK_EVENT_TYPES], link_ids: [link.id] });
    expect(everything.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(everything.secret_hint).toBe(everything.secret.slice(-4));
    expect(JSON.stringify((await call('GET', hooks())).json())).not.toContain(everything.secret);

    const other = await newLink('https://example.com/other');
    expect((await call('PATCH', `/api/urls/${link.id}`, { title: 'Renamed' })).statusCode).toBe(200);
    const chosenClick = await t.app.inject({ method: 'GET', url: `/${link.short_code}`, headers: { 'user-agent': CHROME } });
    expect(chosenClick.statusCode).toBe(302);
    await t.app.inject({ method: 'GET', url: `/${other.short_code}`, headers: { 'user-agent': CHROME } }); // not a chosen link: not sent
    await recorded(`link-${link.id}`, { type: 'LinkExpired', data: { link_id: link.id, reason: 'expires_at' } });
    expect((await call('DELETE', `/api/urls/${other.id}`)).statusCode).toBe(200);
    await recorded('domain-900', { type: 'CustomDomainVerified', data: { domain_id: 900, user_id: asha.user.id, domain: 'go.example.com' } });
    await recorded('payment-order-o1', {
      type: 'PaymentCaptured',
      data: {
        order_id: 'o1',
        payment_id: 'p1',
        user_id: asha.user.id,
        workspace_id: asha.user.id,
        amount_paise: 49_900,
        currency: 'INR',
        instrument: { kind: 'card', card_network: 'visa', card_last4: '4242' },
        receipt_number: 'LL-000001',
        via: 'checkout',
      },
    });
    await givePlan(t.platform, asha.user.id, 'pro', { billing_cycle: 'yearly' });
    await recorded(`workspace-${asha.user.id}`, {
      type: 'WorkspaceInviteAccepted',
      data: { invite_id: crypto.randomUUID(), workspace_id: asha.user.id, user_id: 77, role: 'member' },
    });
    // Another account's link is another workspace's event.
    const bo = await registeredOverSmtp(t, smtp.received, 'bo@example.com');
    await newLink('https://example.com/bos', bo);

    await round();
    await round();
    const got = at('/all');
    expect(got.map((request) => request.payload.type).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const verify = docsVerifier();
    for (const request of got) {
      const header = request.headers['linkledger-signature'] as string;
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verify(everything.secret, header, request.body, clock.now / 1000)).toBe(true);
      expect(verify(everything.secret, header, request.body.replace('"replay":false', '"replay":true'), clock.now / 1000)).toBe(false);
      expect(request.payload.replay).toBe(false);
    }
    const logIds = new Set((await t.platform.events.readAll({ limit: 10_000 })).map((event) => event.id));
    for (const request of got) expect(logIds.has(request.payload.id)).toBe(true);
    const click = got.find((request) => request.payload.type === 'link.clicked')!;
    expect(click.payload.data).toMatchObject({ link_id: link.id, destination: 'https://example.com/chosen' });
    expect(click.body).not.toMatch(/visitor_hash|user_agent/);
    expect(got.find((request) => request.payload.type === 'link.created')!.payload.data).toMatchObject({ link_id: other.id });
    firstIds.push(...got.map((request) => request.payload.id));

    const log = await deliveries(everything.id);
    expect(log.filter((step) => step.status === 'delivered')).toHaveLength(WEBHOOK_EVENT_TYPES.length);
    // Once tried, a delivery shows its attempts only, not the step that queued it.
    expect(log.filter((step) => step.status === 'pending')).toEqual([]);
    expect(log[0]).toMatchObject({ response_status: 200, response_excerpt: 'ok', replay: false });
    expect((await webhook(everything.id)).last_delivery_at).not.toBeNull();
  });

  it('sends a test event at once and answers the delivery', async () => {
    const answer = await call('POST', `${hooks()}/${everything.id}/test`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ event_type: 'webhook.test', status: 'delivered', response_status: 200, attempt: 1 });
    expect(at('/all').at(-1)!.payload.type).toBe('webhook.test');
  });

  it('retries a failed delivery with growing pauses, holding back that link’s later events only', async () => {
    answers.set('/flaky', 500);
    const flaky = await createWebhook({ name: 'Flaky', url: `${base}/flaky`, events: ['link.updated', 'link.created'] });
    expect((await call('PATCH', `/api/urls/${link.id}`, { title: 'First' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/urls/${link.id}`, { title: 'Second' })).statusCode).toBe(200);
    const created = await newLink('https://example.com/unheld');
    await round();
    expect(at('/flaky').map((request) => request.payload.type)).toEqual(['link.updated', 'link.created']);
    const first = at('/flaky')[0]!.payload;
    expect(first.data).toMatchObject({ title: 'First' });

    await round(); // not due yet
    expect(at('/flaky')).toHaveLength(2);
    clock.now += 30_000;
    await round();
    expect(at('/flaky').map((request) => request.payload.id)).toEqual([first.id, at('/flaky')[1]!.payload.id, first.id, at('/flaky')[1]!.payload.id]);
    await round();
    expect(at('/flaky')).toHaveLength(4); // the next pause is a minute
    const log = await deliveries(flaky.id);
    const failed = log.filter((step) => step.event_id === first.id && step.status === 'failed');
    expect(failed.map((step) => step.attempt)).toEqual([2, 1]);
    expect(Date.parse(failed[0]!.next_attempt_at!) - Date.parse(failed[0]!.at)).toBe(MINUTE);
    expect(failed[0]!.response_excerpt).toBe('failed <b>500</b>');

    answers.set('/flaky', 200);
    clock.now += MINUTE;
    await round();
    await round();
    const delivered = at('/flaky').slice(4);
    const told = (request: Received) => (request.payload.type === 'link.updated' ? (request.payload.data as { title: string }).title : request.payload.type);
    // The held-back edit follows the first, in log order, once it went through.
    expect(delivered.map(told)).toEqual(['First', 'Second', 'link.created']);
    expect(delivered[2]!.payload.data).toMatchObject({ link_id: created.id });
    expect((await webhook(flaky.id)).consecutive_failures).toBe(0);
    expect((await call('DELETE', `${hooks()}/${flaky.id}`)).statusCode).toBe(200);
  });

  it('switches a webhook off after 20 failures in a row and tells the owner, whose mail shows its name as text', async () => {
    answers.set('/down', 503);
    const down = await createWebhook({ name: HOSTILE_NAME, url: `${base}/down?<b>x</b>`, events: ['link.created'] });
    await newLink('https://example.com/never-heard');
    for (let attempt = 0; attempt < 25; attempt++) {
      await round();
      clock.now += 3_600_000;
    }
    expect(at('/down')).toHaveLength(20);
    const off = await webhook(down.id);
    expect(off).toMatchObject({ enabled: false, disabled_reason: '20 deliveries in a row failed', consecutive_failures: 20 });
    await projectorsCaughtUp(t.platform);
    await t.platform.owedMail.tick();
    const mails = smtp.received.filter((mail) => mail.to.includes('asha@example.com') && mail.body.includes('deliveries in a row failed'));
    expect(mails).toHaveLength(2);
    const html = mails.map((mail) => mail.body.slice(mail.body.indexOf('Content-Type: text/html'))).join('\n');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>x</b>');
    expect(mails.filter((mail) => mail.body.includes('are tried again with growing pauses'))).toHaveLength(1);
    expect(mails.filter((mail) => mail.body.includes('It is switched off and sends nothing more'))).toHaveLength(1);
    // Switched back on, its failures count from 0: the next one does not switch it off again.
    const reEnabled = await call('PATCH', `${hooks()}/${down.id}`, { enabled: true });
    expect(reEnabled.json()).toMatchObject({ enabled: true, consecutive_failures: 0 });
    await round();
    expect(await webhook(down.id)).toMatchObject({ enabled: true, consecutive_failures: 1 });
    expect((await call('DELETE', `${hooks()}/${down.id}`)).statusCode).toBe(200);
  });

  it('replays yesterday: every event again, in log order, with the same ids, marked as a replay', async () => {
    const before = at('/all').length;
    const answer = await call('POST', `${hooks()}/${everything.id}/replay`, { from: '2026-11-27T00:00:00Z' });
    expect(answer.statusCode, answer.body).toBe(202);
    const started = answer.json<{ events: number }>();
    await round();
    await round();
    const replayed = at('/all').slice(before);
    expect(replayed.every((request) => request.payload.replay)).toBe(true);
    expect(replayed.length).toBe(started.events);
    // Everything heard live since, and the first test's events among them, each once.
    for (const id of firstIds) expect(replayed.filter((request) => request.payload.id === id)).toHaveLength(1);
  });

  it('sends nothing while the workspace’s plan has no webhooks, and resumes where it stopped once it has them again', async () => {
    const before = at('/all').length;
    await givePlan(t.platform, asha.user.id, 'free');
    const unheard = await newLink('https://example.com/while-free');
    await round();
    expect(at('/all')).toHaveLength(before);
    await givePlan(t.platform, asha.user.id, 'pro');
    await round();
    await round();
    const resumed = at('/all').slice(before);
    expect(resumed.filter((request) => request.payload.type === 'link.created').map((request) => request.payload.data.link_id)).toEqual([unheard.id]);
  });

  it('resumes after a restart from what the log holds: the retry is made, nothing heard before is queued again', async () => {
    answers.set('/restart', 500);
    const hook = await createWebhook({ name: 'Restarted', url: `${base}/restart`, events: ['link.created'] });
    await newLink('https://example.com/before-restart');
    await round();
    expect(at('/restart')).toHaveLength(1);
    const liveBefore = new Set(
      at('/all')
        .filter((request) => !request.payload.replay)
        .map((request) => request.payload.id),
    );

    // A new deliverer, as a restarted process starts one: it knows only what the log holds.
    await t.platform.webhookDeliverer!.stop();
    const { events, read, readModel, secret, config } = t.platform;
    const restarted = new WebhookDeliverer(
      { events, read, readModel, secret, config, clock: () => new Date(clock.now), network: () => undefined },
      { error: () => {} },
    );
    answers.set('/restart', 200);
    await restarted.tick();
    expect(at('/restart')).toHaveLength(1); // its next try is not due yet
    clock.now += 30_000;
    await restarted.tick();
    expect(at('/restart').map((request) => request.payload.id)).toEqual([at('/restart')[0]!.payload.id, at('/restart')[0]!.payload.id]);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'delivered', attempt: 2 });
    const liveAgain = at('/all').filter((request) => !request.payload.replay && liveBefore.has(request.payload.id));
    expect(liveAgain).toHaveLength(liveBefore.size);
    await restarted.stop();
  });

  it('refuses an address deliveries may not reach, naming the field', async () => {
    for (const url of ['https://169.254.169.254/latest/meta-data', 'ftp://example.com/in']) {
      const answer = await call('POST', hooks(), { name: 'Bad', url, events: ['link.created'] });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ field: 'url' });
    }
  });
});
