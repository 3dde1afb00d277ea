import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DetailedPeerCertificate, TLSSocket } from 'node:tls';

/** The Caddy binary the TLS tests drive: CADDY_PATH, or Debian's package (npm test installs it as root). */
export const CADDY_PATH = process.env.CADDY_PATH ?? '/usr/bin/caddy';
export const caddyInstalled = existsSync(CADDY_PATH);

export interface CaddyProcess {
  /** Everything Caddy printed so far (its JSON log lines), for failure messages. */
  output(): string;
  kill(): Promise<void>;
}

/**
 * `caddy run` on a Caddyfile as a child process, resolved once `port` accepts connections.
 * `env` is added to this process's environment (the Caddyfile's {$…} placeholders).
 */
export async function startCaddy(options: { caddyfile: string; env: Record<string, string>; port: number; timeoutMs?: number }): Promise<CaddyProcess> {
  const child = spawn(CADDY_PATH, ['run', '--config', options.caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => (output += `\n${String(error)}`));
  const caddy: CaddyProcess = {
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (!(await accepts(options.port))) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`caddy exited (${child.exitCode ?? child.signalCode}) before listening on ${options.port}:\n${output}`);
    if (Date.now() > deadline) {
      await caddy.kill();
      throw new Error(`caddy did not listen on ${options.port} in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return caddy;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

interface TlsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  certificate: DetailedPeerCertificate;
}

/**
 * GET https://{name}:{port}{path} sent to 127.0.0.1, without DNS: `name` goes in SNI and in
 * Host, as a browser would send them. The certificate is not checked against a trust store
 * (the test CA is Caddy's own) but returned for the test to inspect.
 */
export function httpsGet(name: string, port: number, path: string, timeoutMs = 30_000): Promise<TlsAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port, servername: name, path, method: 'GET', headers: { host: `${name}:${port}` }, rejectUnauthorized: false, agent: false },
      (response) => {
        const certificate = (response.socket as TLSSocket).getPeerCertificate(true);
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, certificate }));
        response.on('error', reject);
      },
    );
    sent.setTimeout(timeoutMs, () => sent.destroy(new Error(`no answer from https://${name}:${port}${path} within ${timeoutMs} ms`)));
    sent.on('error', reject);
    sent.end();
  });
}

export interface AskRecorder {
  /** The URL to give Caddy as its ask endpoint. */
  url: string;
  /** Each question Caddy asked: the domain, and the status the product answered. */
  asked: { domain: string | null; status: number }[];
  close(): Promise<void>;
}

/**
 * A pass-through in front of the product's ask endpoint that records Caddy's questions and
 * the product's answers (Caddy does not log a refusal at its default level).
 */
export async function startAskRecorder(target: string): Promise<AskRecorder> {
  const asked: AskRecorder['asked'] = [];
  const server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://ask').search;
    fetch(`${target}${query}`).then(
      async (answer) => {
        asked.push({ domain: new URLSearchParams(query).get('domain'), status: answer.status });
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' }).end(await answer.text());
      },
      (error: unknown) => response.writeHead(502).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/domains/tls-allowed`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
