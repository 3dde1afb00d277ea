import { afterAll, beforeAll } from 'vitest';
import type { openApiSource } from '../../imports/sources/index.ts';
import { openOnStandIn, privateAddressOutcome } from './read-source.ts';
import type { StandIn } from './stand-in-server.ts';

/**
 * One source's stand-in for a whole test file: started before its tests and closed after them,
 * reached as `host`. `open` reads it with `credential` unless given another; `privateAddressOutcome`
 * is how the source fares with it from a network that does not exempt it.
 */
export function standInForFile(name: Parameters<typeof openApiSource>[0], host: string, credential: string, start: () => Promise<StandIn>) {
  let started: StandIn | null = null;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.server.close());
  const standIn = () => {
    if (!started) throw new Error('The stand-in starts before the tests of its file');
    return started;
  };
  return {
    standIn,
    open: (withCredential = credential, path = '') => openOnStandIn(name, standIn(), host, withCredential, path),
    privateAddressOutcome: () => privateAddressOutcome(name, standIn(), host, credential),
  };
}
