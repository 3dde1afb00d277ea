import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the defaults of the quick start', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR.endsWith('/data')).toBe(true);
    expect(config.ROLE).toBe('all');
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.EVENTSTORE_URL).toBeUndefined();
  });

  it('stops on a wrong value and names the variable and what it should be', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty": must be a port number/);
    expect(() => loadConfig({ MONGODB_URL: 'localhost:27017' })).toThrow(/MONGODB_URL="localhost:27017": must be a URL such as mongodb:\/\//);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY="yes": must be 0 or 1/);
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/ROLE="worker": must be one of all, api, projector/);
    expect(() => loadConfig({ ROLE: 'api' })).toThrow(/ROLE="api": ROLE=api needs CLICKHOUSE_URL/);
    expect(loadConfig({ ROLE: 'api', CLICKHOUSE_URL: 'http://ch:8123' }).ROLE).toBe('api');
  });

  it('accepts the server-mode variables', () => {
    const config = loadConfig({ EVENTSTORE_URL: 'kurrentdb://es:2113?tls=false', CLICKHOUSE_URL: 'http://ch:8123', TRUST_PROXY: '1' });
    expect(config.EVENTSTORE_URL).toBe('kurrentdb://es:2113?tls=false');
    expect(config.TRUST_PROXY).toBe(true);
  });
});
