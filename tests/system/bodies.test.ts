import { readFileSync } from "node:fs";
import http from "node:http";
import { beforeAll, expect, test } from "vitest";
import { localSignIn } from "../support/local-sign-in";
import { serversForFile } from "../support/server-file";
import { type RunningServer, startServer } from "../support/server-process";

// A body streamed chunked, with no Content-Length, gets a 4xx and leaves the server's memory flat.

const HUNDRED_MB = 100 * 1_048_576;
let server: RunningServer;

serversForFile();
beforeAll(async () => {
  server = await startServer();
});

function peakMemory(): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]) * 1024;
}

function streamChunked(path: string, total: number, headers: Record<string, string> = {}) {
  return new Promise<number | "dropped">((resolve) => {
    const request = http.request(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });
    // The answer may come before the body is all sent: its status decides, and sending stops.
    request.on("response", (answer) => {
      resolve(answer.statusCode ?? 0);
      request.destroy();
    });
    request.on("error", () => resolve("dropped"));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < total && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!request.destroyed) request.end();
    };
    request.write("intent=local&email=");
    pump();
  });
}

test("100 MB streamed chunked at /login and at a signed-in action: a 4xx, and memory stays flat", async () => {
  const admin = await localSignIn(server.url, "admin@example.com");
  const paths = [
    ["/login", {}],
    ["/login.data", {}],
    ["/admin/clients", { cookie: admin }],
    ["/admin/clients.data", { cookie: admin }],
  ] as const;
  // What a first answer loads is not what is measured.
  for (const [path, headers] of paths) await streamChunked(path, 1024, headers);
  // Each body's own growth of the peak: one 100 MB body held whole would add at least 100 MB. What was
  // read before each refusal is garbage the collector takes in its own time (later, on a busy machine),
  // so the growths are not added up.
  const growths: Record<string, number> = {};
  for (const [path, headers] of paths) {
    const before = peakMemory();
    const status = await streamChunked(path, HUNDRED_MB, headers);
    expect(status, path).toBe(413);
    growths[path] = peakMemory() - before;
  }
  for (const [path, growth] of Object.entries(growths)) {
    expect(growth, `${path} grew the server's peak memory by ${growth} bytes`).toBeLessThan(96 * 1_048_576);
  }
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});
