// The load generator of bench/http.mjs, in a process of its own so that its CPU is not the server's:
// `node bench/load.mjs '{"url":…,"connections":50,"duration":10,"headers":{…},"rate":…}'` runs autocannon
// (after a warm-up of `warmup` seconds, not counted) and prints one JSON line: requests per second,
// latency percentiles, errors, non-2xx answers, bytes per response and this process's own CPU time.
import autocannon from "autocannon";

const options = JSON.parse(process.argv[2] ?? "{}");
const run = (duration) =>
  autocannon({
    url: options.url,
    connections: options.connections ?? 50,
    duration,
    headers: options.headers ?? {},
    // A fixed offered load (requests per second over all connections) instead of as fast as it answers.
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
