import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the defaults of the quick start', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR.endsWith('/data')).toBe(true);
    expect(config.ROLE).toBe('all');
    expect(config.TRUST_PROXY).toEqual([]);
    expect(config.EVENTSTORE_URL).toBeUndefined();
    expect(config.BITLY_API_URL).toBe('https://api-ssl.bitly.com');
    expect(loadConfig({ BITLY_API_URL: 'http://127.0.0.1:9000' }).BITLY_API_URL).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ BITLY_API_URL: 'api-ssl.bitly.com' })).toThrow(
      /BITLY_API_URL="api-ssl.bitly.com": must be a URL such as https:\/\/api-ssl.bitly.com/,
    );
  });

  it('stops on a wrong value and names the variable and what it should be', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty": must be a port number/);
    expect(() => loadConfig({ MONGODB_URL: 'localhost:27017' })).toThrow(/MONGODB_URL="localhost:27017": must be a URL such as mongodb:\/\//);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY="yes": must be 0, 1 \(a proxy on this machine\) or the proxy's addresses/);
    expect(loadConfig({}).CONNECTIONS_PER_IP).toBe(256);
    expect(loadConfig({ CONNECTIONS_PER_IP: '0' }).CONNECTIONS_PER_IP).toBe(0);
    for (const wrong of ['-1', 'many', '2.5']) expect(() => loadConfig({ CONNECTIONS_PER_IP: wrong })).toThrow(/CONNECTIONS_PER_IP=".*": must be/);
    expect(loadConfig({}).MAX_CONNECTIONS).toBe(4096);
    expect(loadConfig({ MAX_CONNECTIONS: '0' }).MAX_CONNECTIONS).toBe(0);
    for (const wrong of ['-1', 'many', '2.5']) expect(() => loadConfig({ MAX_CONNECTIONS: wrong })).toThrow(/MAX_CONNECTIONS=".*": must be/);
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/ROLE="worker": must be one of all, api, projector/);
    // Embedded: a second process on the DATA_DIR asks the owner of chDB for analytics.
    expect(loadConfig({ ROLE: 'api' }).ROLE).toBe('api');
    expect(() => loadConfig({ ROLE: 'api', EVENTSTORE_URL: 'kurrentdb://es:2113?tls=false' })).toThrow(
      /ROLE="api": ROLE=api with server stores .* needs CLICKHOUSE_URL too/,
    );
    expect(loadConfig({ ROLE: 'api', CLICKHOUSE_URL: 'http://ch:8123' }).ROLE).toBe('api');
    expect(loadConfig({}).PROJECTOR_NICE).toBe(10);
    expect(loadConfig({ PROJECTOR_NICE: '0' }).PROJECTOR_NICE).toBe(0);
    for (const wrong of ['20', '-1', 'low', '2.5'])
      expect(() => loadConfig({ PROJECTOR_NICE: wrong })).toThrow(/PROJECTOR_NICE=".*": must be a whole number from 0 to 19/);
  });

  it('takes Razorpay’s keys together with the webhook secret, never echoing a secret, and receipts’ GST and seller', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123456', RAZORPAY_KEY_SECRET: 'key-secret-value', RAZORPAY_WEBHOOK_SECRET: 'hook-secret-value' };
    expect(loadConfig(keys)).toMatchObject(keys);
    expect(() => loadConfig({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID })).toThrow(/RAZORPAY_KEY_SECRET.*set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET together/);
    expect(() => loadConfig({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: keys.RAZORPAY_KEY_SECRET })).toThrow(
      /RAZORPAY_WEBHOOK_SECRET.*must be set with RAZORPAY_KEY_ID/,
    );
    expect(() => loadConfig({ ...keys, RAZORPAY_KEY_ID: 'pk_live_123' })).toThrow(/must be a Razorpay key id/);
    let message = '';
    try {
      loadConfig({ ...keys, RAZORPAY_KEY_SECRET: 'short' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/RAZORPAY_KEY_SECRET="\[hidden\]"/);
    expect(message).not.toContain('short');
    expect(loadConfig({ GST_RATE: '18', SELLER_GSTIN: '29abcde1234f1z5' })).toMatchObject({
      GST_RATE: 18,
      SELLER_GSTIN: '29ABCDE1234F1Z5',
      SELLER_NAME: 'Linkledger',
    });
    expect(() => loadConfig({ GST_RATE: '18.125' })).toThrow(/GST_RATE="18.125": must have at most two decimals/);
    expect(() => loadConfig({ SELLER_GSTIN: 'not-a-gstin' })).toThrow(/must be a 15-character GSTIN/);
  });

  it('limits redirects per client address, 0 turning the limit off', () => {
    expect(loadConfig({})).toMatchObject({ REDIRECT_RATE_PER_IP: 50, REDIRECT_BURST_PER_IP: 200 });
    expect(loadConfig({ REDIRECT_RATE_PER_IP: '0' }).REDIRECT_RATE_PER_IP).toBe(0);
    expect(loadConfig({ REDIRECT_RATE_PER_IP: '2.5', REDIRECT_BURST_PER_IP: '10' })).toMatchObject({ REDIRECT_RATE_PER_IP: 2.5, REDIRECT_BURST_PER_IP: 10 });
    expect(() => loadConfig({ REDIRECT_RATE_PER_IP: 'lots' })).toThrow(
      /REDIRECT_RATE_PER_IP="lots": must be redirects per second per address, such as 50 \(0 turns the limit off\)/,
    );
    expect(() => loadConfig({ REDIRECT_RATE_PER_IP: '-1' })).toThrow(/REDIRECT_RATE_PER_IP="-1": must be redirects per second per address/);
    expect(() => loadConfig({ REDIRECT_BURST_PER_IP: '0' })).toThrow(/REDIRECT_BURST_PER_IP="0": must be at least 1/);
    expect(() => loadConfig({ REDIRECT_BURST_PER_IP: '1.5' })).toThrow(/REDIRECT_BURST_PER_IP="1.5": must be a whole number of redirects/);
  });

  it('takes the identity-server hosts the operator trusts as host names only', () => {
    expect(loadConfig({}).OAUTH_EXTRA_PROVIDER_HOSTS).toBeUndefined();
    expect(loadConfig({ OAUTH_EXTRA_PROVIDER_HOSTS: ' LocalHost, 127.0.0.1,[::1],idp.intranet.example ' }).OAUTH_EXTRA_PROVIDER_HOSTS).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
      'idp.intranet.example',
    ]);
    for (const wrong of ['https://idp.example', 'idp.example:8443', 'idp.example/path', 'user@idp.example']) {
      expect(() => loadConfig({ OAUTH_EXTRA_PROVIDER_HOSTS: wrong }), wrong).toThrow(/OAUTH_EXTRA_PROVIDER_HOSTS=.*must be host names such as localhost/);
    }
  });

  it('accepts the server-mode variables', () => {
    const config = loadConfig({ EVENTSTORE_URL: 'kurrentdb://es:2113?tls=false', CLICKHOUSE_URL: 'http://ch:8123', TRUST_PROXY: '1' });
    expect(config.EVENTSTORE_URL).toBe('kurrentdb://es:2113?tls=false');
    expect(config.TRUST_PROXY).toEqual(['loopback']);
  });

  it('chooses how mail is sent and needs a sender for SendGrid or SMTP', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    const smtp = loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.com:587', MAIL_FROM: 'Linkledger <no-reply@example.com>' });
    expect(smtp.SMTP_URL).toBe('smtp://user:pass@mail.example.com:587');
    expect(loadConfig({ SENDGRID_API_KEY: 'SG.abc', MAIL_FROM: 'no-reply@example.com' }).SENDGRID_API_KEY).toBe('SG.abc');
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(/MAIL_FROM="": must be set when SENDGRID_API_KEY or SMTP_URL is/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com:587', MAIL_FROM: 'a@b.c' })).toThrow(
      /SMTP_URL="mail.example.com:587": must be a URL such as smtp:\/\//,
    );
    expect(() => loadConfig({ SENDGRID_API_KEY: 'abc', MAIL_FROM: 'a@b.c' })).toThrow(/SENDGRID_API_KEY="\[hidden\]": must be a SendGrid API key/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM="nobody": must be an address such as no-reply@example.com/);
    expect(() => loadConfig({ SENDGRID_API_KEY: 'SG.abc', SMTP_URL: 'smtp://u:p@h:25', MAIL_FROM: 'a@b.c' })).toThrow(
      /SMTP_URL="smtp:\/\/u:\[hidden\]@h:25": set either SENDGRID_API_KEY or SMTP_URL, not both/,
    );
  });

  it('never echoes a secret in a start-up error', () => {
    let message = '';
    try {
      loadConfig({ JWT_SECRET: 'short-secret', SMTP_URL: 'ftp://user:hunter2@host' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/JWT_SECRET="\[hidden\]": must be at least 32 characters/);
    expect(message).not.toContain('short-secret');
    expect(message).not.toContain('hunter2');
  });
});
