import { resolve } from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';
import { parseDnsServers } from './dns-servers.ts';

const url = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL such as ${example}`)
    .optional();

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names for a range. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const portNumber = () =>
  z.coerce.number({ message: 'must be a port number' }).int('must be a whole number').min(0, 'must be 0 to 65535').max(65535, 'must be 0 to 65535');

const ConfigSchema = z
  .object({
    PORT: portNumber().default(8080),
    /**
     * The analysts' SQL endpoint, speaking ClickHouse's HTTP interface (docs/analysts.md);
     * off unless set. Served by the process that owns analytics (ROLE=all or projector, or
     * any process with CLICKHOUSE_URL).
     */
    ANALYST_PORT: portNumber().optional(),
    /** Seconds an analyst's query may run before it is cut off (ClickHouse's max_execution_time). */
    ANALYST_QUERY_TIMEOUT: z.coerce
      .number({ message: 'must be a number of seconds, such as 30' })
      .positive('must be a number of seconds, such as 30')
      .max(3600, 'must be at most 3600 seconds')
      .default(30),
    HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
    DATA_DIR: z.string().min(1, 'must be a directory path').default('./data'),
    /**
     * Unset under `npm start`: the supervisor runs an api and a projector process
     * (docs/architecture.md#processes-and-modes). all: HTTP and projectors in one process (what
     * a process started without the supervisor runs); api: HTTP only; projector: projections
     * only. With embedded analytics (no CLICKHOUSE_URL), a ROLE=api process on the same
     * DATA_DIR asks the process that owns chDB (ROLE=all or projector) for analytics.
     */
    ROLE: z.enum(['all', 'api', 'projector'], { message: 'must be one of all, api, projector' }).default('all'),
    /** The projector process's niceness under the supervisor: redirects get the CPU first, projections catch up. */
    /**
     * How long a write's answer waits for the read model and the redirect cache to include it
     * before answering 202 "still processing" (docs/architecture.md#the-command-path).
     */
    /**
     * How long a mail a request owes but could not send waits before the mail sender tries it
     * again, and between tries (docs/operations.md#mail-that-is-never-lost).
     */
    MAIL_RETRY_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(3600, 'must be at most 3600')
      .default(120),
    READ_YOUR_WRITES_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(60_000, 'must be at most 60000')
      .default(5000),
    PROJECTOR_NICE: z.coerce
      .number({ message: 'must be a whole number from 0 to 19' })
      .int('must be a whole number from 0 to 19')
      .min(0, 'must be a whole number from 0 to 19')
      .max(19, 'must be a whole number from 0 to 19')
      .default(10),
    /**
     * The reverse proxies whose X-Forwarded-* headers are believed (docs: README, Running in
     * production): addresses and CIDR ranges, comma-separated (`127.0.0.1,10.0.0.0/8`), or
     * loopback, linklocal, uniquelocal; `1` is loopback (a proxy on this machine), `0` none.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .transform((value, context) => {
        if (value === '0' || value === '') return [];
        if (value === '1') return ['loopback'];
        const entries = value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        const bad = entries.find((entry) => !isProxyAddress(entry));
        if (bad !== undefined) {
          context.addIssue({
            code: 'custom',
            message: `must be 0, 1 (a proxy on this machine) or the proxy's addresses such as 127.0.0.1,10.0.0.0/8; "${bad}" is not one`,
          });
          return z.NEVER;
        }
        return entries;
      })
      .default([]),
    /**
     * Redirects per second one client address may sustain (the address as redirects see it:
     * the socket's, or the one a TRUST_PROXY proxy forwarded for); 0 turns the limit
     * off. Over it a redirect gets 429 with Retry-After and no click is recorded.
     */
    REDIRECT_RATE_PER_IP: z.coerce
      .number({ message: 'must be redirects per second per address, such as 50 (0 turns the limit off)' })
      .min(0, 'must be redirects per second per address, such as 50 (0 turns the limit off)')
      .max(1_000_000, 'must be at most 1000000 (use 0 to turn the limit off)')
      .default(50),
    /** Redirects one address may send at once before REDIRECT_RATE_PER_IP applies. */
    REDIRECT_BURST_PER_IP: z.coerce
      .number({ message: 'must be a whole number of redirects, such as 200' })
      .int('must be a whole number of redirects, such as 200')
      .min(1, 'must be at least 1')
      .max(10_000_000, 'must be at most 10000000')
      .default(200),
    /**
     * Connections one client address (an IPv6 one by its /64) may hold open at once; more are
     * closed at once. The TRUST_PROXY proxies are not counted. 0 turns the cap off.
     */
    CONNECTIONS_PER_IP: z.coerce
      .number({ message: 'must be a whole number of connections, such as 256 (0 turns the cap off)' })
      .int('must be a whole number of connections, such as 256 (0 turns the cap off)')
      .min(0, 'must be 0 or more (0 turns the cap off)')
      .default(256),
    /**
     * Connections the HTTP server holds open at once, from everyone; more are closed at once.
     * The process's open-file limit (ulimit -n) must be above it. 0 turns the cap off.
     */
    MAX_CONNECTIONS: z.coerce
      .number({ message: 'must be a whole number of connections, such as 4096 (0 turns the cap off)' })
      .int('must be a whole number of connections, such as 4096 (0 turns the cap off)')
      .min(0, 'must be 0 or more (0 turns the cap off)')
      .default(4096),
    /** Accounts one client address may create per hour; 0 turns the limit off. */
    REGISTRATIONS_PER_IP: z.coerce
      .number({ message: 'must be a whole number of sign-ups per address per hour, such as 10 (0 turns the limit off)' })
      .int('must be a whole number of sign-ups per address per hour, such as 10 (0 turns the limit off)')
      .min(0, 'must be 0 or more (0 turns the limit off)')
      .default(10),
    /** Public base address used to build short links; defaults to the request's own origin. */
    PUBLIC_URL: url(['http:', 'https:'], 'https://lnk.example.com'),
    /**
     * The origins (scheme, host and port) this installation answers to, comma-separated: with
     * it or PUBLIC_URL, the app and the API answer only on their hosts (docs/web-app.md#hosts).
     * E-mailed links are built only from PUBLIC_URL, one of these, or the address the server
     * was started on, never from whatever Host a request claims.
     */
    ALLOWED_ORIGINS: z
      .string()
      .trim()
      .transform((value, context) => {
        const origins: string[] = [];
        for (const entry of value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)) {
          let url: URL | null = null;
          try {
            url = new URL(entry);
          } catch {
            // reported below
          }
          if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) {
            context.addIssue({
              code: 'custom',
              message: `must be origins such as https://lnk.example.com,https://go.example.com (scheme and host, no path); "${entry}" is not one`,
            });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins;
      })
      .optional(),
    /**
     * 1 lets webhooks reach private and loopback addresses on any port, over plain http too
     * (docs/webhooks.md#addresses): for a receiver on this machine in development and tests.
     * Only the environment can allow it.
     */
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: z
      .enum(['0', '1'], { message: 'must be 0 or 1' })
      .default('0')
      .transform((value) => value === '1'),
    /**
     * Hosts (comma-separated) every social sign-in provider's addresses may name besides the
     * provider's own (docs/admin.md#sign-in-providers): a local identity server for tests, an
     * intranet's. Only the environment can allow one: an admin's setting never can.
     */
    OAUTH_EXTRA_PROVIDER_HOSTS: z
      .string()
      .trim()
      .transform((value, context) => {
        const hosts: string[] = [];
        for (const entry of value
          .split(',')
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean)) {
          let url: URL | null = null;
          try {
            url = new URL(`http://${entry}/`);
          } catch {
            // reported below
          }
          if (!url || url.hostname !== entry) {
            context.addIssue({
              code: 'custom',
              message: `must be host names such as localhost,idp.intranet.example (no scheme, port or path); "${entry}" is not one`,
            });
            return z.NEVER;
          }
          hosts.push(url.hostname);
        }
        return hosts;
      })
      .optional(),
    EVENTSTORE_URL: url(['kurrentdb:', 'esdb:', 'kurrentdb+discover:', 'esdb+discover:'], 'kurrentdb://localhost:2113?tls=false'),
    MONGODB_URL: url(['mongodb:', 'mongodb+srv:'], 'mongodb://localhost:27017/linkledger?replicaSet=rs0'),
    CLICKHOUSE_URL: url(['http:', 'https:'], 'http://localhost:8123'),
    CLICKHOUSE_DATABASE: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/i, 'must be a plain identifier such as linkledger')
      .default('linkledger'),
    /** Signs tokens and keys the visitor hash; generated and kept in DATA_DIR when unset. */
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Wraps the users' data keys (docs/privacy.md#data-keys); generated into DATA_DIR/data-keys.key when unset. */
    DATA_KEYS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    EVENTS_SYNC: z.enum(['FULL', 'NORMAL'], { message: 'must be FULL or NORMAL' }).default('FULL'),
    /** The built web app to serve; `npm start` builds it into web/dist. */
    WEB_DIST_DIR: z.string().trim().min(1, 'must be a directory path').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be a pino level such as info' }).default('info'),
    /** Mail goes through SendGrid when set; else SMTP when SMTP_URL is set; else to the outbox folder DATA_DIR/outbox. */
    SENDGRID_API_KEY: z.string().trim().startsWith('SG.', 'must be a SendGrid API key (it starts with SG.)').optional(),
    SMTP_URL: url(['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587'),
    /** The sender of every message, e.g. "Linkledger <no-reply@example.com>". */
    MAIL_FROM: z
      .string()
      .trim()
      .refine(
        (value) => /^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/.test(value),
        'must be an address such as no-reply@example.com or "Linkledger <no-reply@example.com>"',
      )
      .optional(),
    /**
     * Payments (docs/payments.md#configuration): with RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET
     * they go through Razorpay, webhooks signed with RAZORPAY_WEBHOOK_SECRET; without them the
     * product runs in test mode with a local checkout. RAZORPAY_API_URL points the client
     * elsewhere (tests).
     */
    RAZORPAY_KEY_ID: z
      .string()
      .trim()
      .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'must be a Razorpay key id such as rzp_live_AbCdEf123456')
      .optional(),
    RAZORPAY_KEY_SECRET: z.string().trim().min(8, 'must be the key secret shown with the key id in Razorpay’s dashboard').optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().trim().min(8, 'must be the secret set on the webhook in Razorpay’s dashboard (at least 8 characters)').optional(),
    RAZORPAY_API_URL: url(['http:', 'https:'], 'https://api.razorpay.com'),
    /** Where the Bitly importer reads Bitly's API (docs/import.md#bitly); tests point it at a local stand-in. */
    BITLY_API_URL: url(['http:', 'https:'], 'https://api-ssl.bitly.com').default('https://api-ssl.bitly.com'),
    /** GST charged, as a percent included in the prices (18 or 18.5); unset: no tax line on receipts. */
    GST_RATE: z.coerce
      .number({ message: 'must be a percent such as 18' })
      .min(0, 'must be a percent from 0 to 100')
      .max(100, 'must be a percent from 0 to 100')
      .refine((rate) => Number.isInteger(rate * 100), 'must have at most two decimals, such as 18 or 18.5')
      .optional(),
    /** Who receipts say is selling: name, postal address (\n or | between lines), GSTIN and contact e-mail. */
    SELLER_NAME: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters').default('Linkledger'),
    SELLER_ADDRESS: z.string().trim().max(400, 'must be at most 400 characters').default(''),
    SELLER_GSTIN: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][A-Z\d]Z[A-Z\d]$/, 'must be a 15-character GSTIN such as 29ABCDE1234F1Z5')
      .optional(),
    SELLER_EMAIL: z
      .string()
      .trim()
      .regex(/^[^<>@\s]+@[^<>@\s]+$/, 'must be an address such as billing@example.com')
      .optional(),
    /**
     * Custom domains (docs/domains.md#configuration): the addresses a verified domain's A/AAAA
     * records must name (comma-separated), or the host its CNAME must name; the DNS servers
     * verification asks (host:port, comma-separated; the system's when unset).
     */
    DOMAIN_TARGET_IPS: z
      .string()
      .trim()
      .transform((value, context) => {
        const ips = value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        const bad = ips.find((ip) => isIP(ip) === 0);
        if (bad !== undefined) {
          context.addIssue({ code: 'custom', message: `must be IP addresses such as 203.0.113.7,2001:db8::7; "${bad}" is not one` });
          return z.NEVER;
        }
        return ips;
      })
      .optional(),
    DOMAIN_CNAME_TARGET: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/, 'must be a host name such as domains.linkledger.example')
      .optional(),
    DNS_SERVERS: z
      .string()
      .trim()
      .transform((value, context) => {
        try {
          return parseDnsServers(value);
        } catch (error) {
          context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
          return z.NEVER;
        }
      })
      .optional(),
  })
  .refine((config) => (config.RAZORPAY_KEY_ID === undefined) === (config.RAZORPAY_KEY_SECRET === undefined), {
    path: ['RAZORPAY_KEY_SECRET'],
    message: 'set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET together (both from Razorpay’s dashboard), or neither for test mode',
  })
  .refine((config) => config.RAZORPAY_KEY_ID === undefined || config.RAZORPAY_WEBHOOK_SECRET !== undefined, {
    path: ['RAZORPAY_WEBHOOK_SECRET'],
    message: 'must be set with RAZORPAY_KEY_ID: the webhook secret lets a payment whose browser closed still activate its plan',
  })
  .refine((config) => config.ROLE !== 'api' || config.CLICKHOUSE_URL !== undefined || (!config.EVENTSTORE_URL && !config.MONGODB_URL), {
    path: ['ROLE'],
    message:
      'ROLE=api with server stores (EVENTSTORE_URL, MONGODB_URL) needs CLICKHOUSE_URL too: embedded analytics are reachable only from processes on the same DATA_DIR',
  })
  .refine((config) => !(config.SENDGRID_API_KEY && config.SMTP_URL), {
    path: ['SMTP_URL'],
    message: 'set either SENDGRID_API_KEY or SMTP_URL, not both: each chooses how mail is sent',
  })
  .refine((config) => !(config.SENDGRID_API_KEY || config.SMTP_URL) || config.MAIL_FROM !== undefined, {
    path: ['MAIL_FROM'],
    message: 'must be set when SENDGRID_API_KEY or SMTP_URL is: the sender address, such as no-reply@example.com',
  });

export type Config = z.infer<typeof ConfigSchema>;

/** Secrets are never echoed back, not even in a start-up error. */
function shown(name: string, value: string): string {
  if (['JWT_SECRET', 'DATA_KEYS_SECRET', 'SENDGRID_API_KEY', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'].includes(name)) return value ? '[hidden]' : '';
  return value.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1[hidden]@');
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; a wrong value stops start-up with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${issue.path.join('.')}=${JSON.stringify(shown(name, present[name] ?? ''))}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const webDist = parsed.data.WEB_DIST_DIR;
  return { ...parsed.data, DATA_DIR: resolve(parsed.data.DATA_DIR), WEB_DIST_DIR: webDist ? resolve(webDist) : undefined };
}
