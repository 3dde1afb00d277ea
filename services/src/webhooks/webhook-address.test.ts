import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testNetwork } from '../testing/page-server.ts';
import { HTTPS_ONLY, NOT_A_URL, NO_CREDENTIALS, PORT_REFUSED, PRIVATE_TARGET, UNRESOLVED, checkWebhookAddress } from './webhook-address.ts';
import { sendPayload } from './webhook-send.ts';

const network = testNetwork({
  'hooks.test': '93.184.215.14',
  'intranet.test': '10.0.0.7',
  'metadata.test': '169.254.169.254',
  'mixed.test': ['93.184.215.14', '127.0.0.1'],
});
const refusal = (url: string, allowPrivate = false) =>
  checkWebhookAddress(url, allowPrivate, network).then(
    () => null,
    (error: Error & { field?: string }) => ({ detail: error.message, field: error.field }),
  );

/* Where deliveries may go (docs/webhooks.md#addresses): before, nothing was sent anywhere; now only public https addresses. */
describe('a webhook’s address', () => {
  it('is refused unless https to a public address on the standard port, naming the url field', async () => {
    expect(await refusal('https://hooks.test/in')).toBeNull();
    expect(await refusal('http://hooks.test/in')).toEqual({ detail: HTTPS_ONLY, field: 'url' });
    expect(await refusal('ftp://hooks.test/in')).toEqual({ detail: NOT_A_URL, field: 'url' });
    expect(await refusal('hooks.test/in')).toEqual({ detail: NOT_A_URL, field: 'url' });
    expect(await refusal('https://nowhere.test/in')).toEqual({ detail: UNRESOLVED, field: 'url' });
    expect(await refusal('https://user:pass@hooks.test/in')).toEqual({ detail: NO_CREDENTIALS, field: 'url' });
    expect(await refusal('https://hooks.test:8443/in')).toEqual({ detail: PORT_REFUSED, field: 'url' });
    for (const url of [
      'https://127.0.0.1/in',
      'https://[::1]/in',
      'https://10.0.0.7/',
      'https://intranet.test/',
      'https://metadata.test/',
      'https://mixed.test/',
      'https://[::ffff:127.0.0.1]/',
    ])
      expect(await refusal(url), url).toEqual({ detail: PRIVATE_TARGET, field: 'url' });
  });

  it('with WEBHOOKS_ALLOW_PRIVATE_TARGETS, lets plain http reach loopback and private addresses on any port, never link-local', async () => {
    expect(await refusal('http://127.0.0.1:8080/in', true)).toBeNull();
    expect(await refusal('http://intranet.test:9000/in', true)).toBeNull();
    expect(await refusal('https://metadata.test/', true)).toEqual({ detail: PRIVATE_TARGET, field: 'url' });
  });
});

describe('a delivery', () => {
  let receiver: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    receiver = createServer((_request, response) => {
      hits++;
      response.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  const payload = { id: 'e1', type: 'link.created' as const, created_at: '2026-11-28T00:00:00.000Z', replay: false, data: {} };

  it('resolves the host again when it is sent: a name that now leads to a private address gets nothing', async () => {
    let answer = '93.184.215.14';
    const rebinding = testNetwork({ 'hooks.test': () => answer });
    expect(await checkWebhookAddress('https://hooks.test/in', false, rebinding)).toBeUndefined();
    answer = '127.0.0.1';
    const outcome = await sendPayload(`https://hooks.test/in`, 'whsec_x', payload, { now: new Date(), allowPrivate: false, network: rebinding });
    expect(outcome).toMatchObject({ delivered: false, responseStatus: null });
    expect(outcome.excerpt).toMatch(/private, local or reserved/);
  });

  it('reaches a loopback receiver only when the environment allows private targets', async () => {
    const url = `http://127.0.0.1:${port}/in`;
    expect(await sendPayload(url, 'whsec_x', payload, { now: new Date(), allowPrivate: false })).toMatchObject({ delivered: false });
    expect(hits).toBe(0);
    expect(await sendPayload(url, 'whsec_x', payload, { now: new Date(), allowPrivate: true })).toMatchObject({
      delivered: true,
      responseStatus: 200,
      excerpt: 'ok',
    });
    expect(hits).toBe(1);
  });
});
