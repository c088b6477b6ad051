// bench/http.mjs's load generator, in its own process so its CPU is not the server's: runs autocannon
// from a JSON argument and prints one JSON line of figures.
import autocannon from "autocannon";

const options = JSON.parse(process.argv[2] ?? "{}");
const run = (duration) =>
  autocannon({
    url: options.url,
    connections: options.connections ?? 50,
    duration,
    headers: options.headers ?? {},
    ...(options.rate ? { overallRate: options.rate } : {}),
  });

if (options.warmup) await run(options.warmup);
const cpuBefore = process.cpuUsage();
const result = await run(options.duration ?? 10);
const cpu = process.cpuUsage(cpuBefore);
const seconds = (new Date(result.finish).getTime() - new Date(result.start).getTime()) / 1000;
console.log(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
    seconds,
    loadCpuMs: (cpu.user + cpu.system) / 1000,
  }),
);
