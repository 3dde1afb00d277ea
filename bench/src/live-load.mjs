// @ts-check
// The live benchmark's background load, in its own process so the load generator never
// delays the measuring process's clocks (autocannon does not run inside a worker thread):
// autocannon on one short code, recording when each redirect was answered, in wall-clock
// milliseconds (comparable across processes on one machine). Arguments come as JSON in
// argv[2]; the result goes back over the IPC channel.
import autocannon from 'autocannon';

const { url, connections, duration, userAgent } = /** @type {{ url: string, connections: number, duration: number, userAgent: string }} */ (
  JSON.parse(process.argv[2] ?? '{}')
);
/** @type {number[]} */
const answered = [];
const now = () => performance.timeOrigin + performance.now();

const result = await autocannon({
  url,
  connections,
  duration,
  headers: { 'user-agent': userAgent },
  requests: [{ method: 'GET', onResponse: (status) => void (status === 302 && answered.push(now())) }],
});
process.send?.(
  {
    answered,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    redirects: result['3xx'],
    errors: result.errors + result.non2xx - result['3xx'],
  },
  () => process.exit(0),
);
