import type autocannon from 'autocannon';

/**
 * Each connection goes through `paths` in order from its own starting point, spaced evenly,
 * so that the requests in flight at any moment ask for different links. The requests are
 * built once per connection (static, as for one URL), so the load generator does no more
 * work than for one path.
 */
export function inTurn(paths: readonly string[] | undefined, connections: number): Pick<autocannon.Options, 'setupClient'> {
  if (!paths) return {};
  const step = Math.max(1, Math.floor(paths.length / connections));
  let client = 0;
  return {
    setupClient: (connection) => {
      const offset = (client++ * step) % paths.length;
      connection.setRequests(paths.map((_, i) => ({ method: 'GET', path: paths[(offset + i) % paths.length]! })));
    },
  };
}

/** The paths of `count` new links, made ten at a time by `create`. */
export async function manyLinks(count: number, create: () => Promise<{ short_code: string }>): Promise<string[]> {
  const paths: string[] = [];
  while (paths.length < count) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, count - paths.length) }, create));
    paths.push(...batch.map((link) => `/${link.short_code}`));
  }
  return paths;
}
