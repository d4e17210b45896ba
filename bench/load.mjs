// Load generator, run in its own process so it does not share an event loop with the server
// under test. Argument: JSON { url, headers, connections, warmupSeconds, durationSeconds, method?, body? }.
// Prints one JSON line with the measured figures.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');
const base = { url: options.url, headers: options.headers ?? {}, connections: options.connections ?? 10, method: options.method ?? 'GET', ...(options.body ? { body: options.body } : {}) };

if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
const result = await autocannon({ ...base, duration: options.durationSeconds ?? 5 });

process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
  })}\n`,
);
