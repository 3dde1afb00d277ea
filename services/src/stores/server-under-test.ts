import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, describe } from 'vitest';

/** The testcontainers module, loaded only when a container is really needed. */
export type Testcontainers = typeof import('testcontainers');

interface StartedServer {
  url: string;
  stop(): Promise<void>;
}

interface ServerUnderTest {
  /** The variable that points the suite at a running server, e.g. `EVENTSTORE_URL`. */
  urlVariable: string;
  /** Starts a throwaway server and answers the URL the adapter connects to. */
  startContainer(testcontainers: Testcontainers): Promise<StartedServer>;
}

/** Image pulls on a cold machine take minutes; the suites' own hooks keep their timeouts. */
const CONTAINER_START_TIMEOUT_MS = 10 * 60_000;

type Target = { kind: 'url'; url: string } | { kind: 'container'; testcontainers: Testcontainers } | { kind: 'skip'; reason: string };

/**
 * Declares a server adapter's contract suite against, in order of preference: the server the
 * URL variable names; a container started through testcontainers when a Docker engine is
 * reachable; or nothing, as a skipped suite whose title says why. `suite` receives the URL
 * as a promise, known once the server is up.
 */
export async function describeAgainstServer(title: string, server: ServerUnderTest, suite: (url: () => Promise<string>) => void): Promise<void> {
  const target = await chooseTarget(server.urlVariable);
  switch (target.kind) {
    case 'url':
      describe(`${title} (${server.urlVariable})`, () => suite(async () => target.url));
      return;
    case 'skip':
      // Said on the console too: the default reporter lists skipped suites without titles.
      console.warn(`SKIPPED: ${title} — ${target.reason}`);
      describe.skip(`${title} (skipped: ${target.reason})`, () => suite(() => Promise.reject(new Error(target.reason))));
      return;
    case 'container':
      describe(`${title} (testcontainers)`, () => {
        let started: Promise<StartedServer> | undefined;
        beforeAll(async () => {
          started = server.startContainer(target.testcontainers);
          await started;
        }, CONTAINER_START_TIMEOUT_MS);
        afterAll(async () => {
          await (await started?.catch(() => undefined))?.stop();
        });
        suite(async () => {
          if (!started) throw new Error('The server container was not started');
          return (await started).url;
        });
      });
  }
}

async function chooseTarget(urlVariable: string): Promise<Target> {
  const url = process.env[urlVariable];
  if (url) return { kind: 'url', url };
  if (!dockerEngineReachable()) return { kind: 'skip', reason: `${urlVariable} is not set and no Docker engine is reachable` };
  // testcontainers 12 loads an HTTP client (undici 8) that needs zlib's zstd: Node 22.15 or later.
  if (typeof zlib.createZstdDecompress !== 'function') {
    return { kind: 'skip', reason: `${urlVariable} is not set and testcontainers needs Node 22.15 or later (this is ${process.version})` };
  }
  return { kind: 'container', testcontainers: await import('testcontainers') };
}

/** A cheap look for a Docker engine: a configured host or a socket file, never a connection attempt. */
function dockerEngineReachable(): boolean {
  if (process.env.DOCKER_HOST) return true;
  const runtimeDir = process.env.XDG_RUNTIME_DIR;
  const sockets = ['/var/run/docker.sock', join(homedir(), '.docker', 'run', 'docker.sock'), ...(runtimeDir ? [join(runtimeDir, 'docker.sock')] : [])];
  return sockets.some((socket) => existsSync(socket));
}
