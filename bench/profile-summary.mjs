// `node bench/profile-summary.mjs FILE.cpuprofile [--top 25]`: self time by function and by where the code
// lives (a package, the app, Node itself).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  options: { top: { type: "string", default: "25" } },
  allowPositionals: true,
});
const profile = JSON.parse(readFileSync(positionals[0], "utf8"));
const top = Number(values.top);

const selfMicros = new Map();
profile.samples.forEach((id, i) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

function place(url) {
  if (!url) return "(native / V8)";
  if (url.startsWith("node:")) return "node internals";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.includes("/build")) return "app (server build)";
  return url.replace(/^file:\/\/.*?\/(server|bench|app)\//, "$1/");
}

const byFunction = new Map();
const byPlace = new Map();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (!micros) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || "(anonymous)"} ${url ? `${url.replace(/^.*node_modules\//, "")}:${lineNumber + 1}` : ""}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  const where =
    functionName === "(idle)" ? "(idle)" : functionName === "(garbage collector)" ? "(gc)" : place(url);
  byPlace.set(where, (byPlace.get(where) ?? 0) + micros);
}

const percent = (micros) => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
const list = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, micros]) => `${percent(micros)}  ${key}`)
    .join("\n");
console.log(`total ${(total / 1e6).toFixed(1)} s sampled\n\nself time by place:\n${list(byPlace)}`);
console.log(`\nself time by function:\n${list(byFunction)}`);
