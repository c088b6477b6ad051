import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";
import { TEST_CAL_SECRET } from "./tests/support/cal.ts";
import { MOCK_CLIENT_ID, MOCK_CLIENT_SECRET } from "./tests/support/oidc-provider.ts";

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built server,
// started here on a fixed port with a fresh embedded database for every run.

const root = import.meta.dirname;

const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
if (!existsSync(path.join(buildDir, "server", "index.js"))) {
  throw new Error(
    `No build found in ${buildDir}: run \`npx react-router build\` (with the same BUILD_DIR) before the e2e tests.`,
  );
}

const port = Number(process.env.E2E_PORT ?? 3210);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  throw new Error(`E2E_PORT must be a port number from 1 to 65535 (got "${process.env.E2E_PORT}").`);
}
const baseURL = `http://127.0.0.1:${port}`;
// Sign-in goes through the real OpenID Connect flow against a local provider (tests/support/oidc-provider.ts).
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 100);
const oidcIssuer = `http://localhost:${oidcPort}`;
process.env.E2E_OIDC_ISSUER = oidcIssuer;
// Emails go to an SMTP server that tests/e2e/email.spec.ts starts on this port (nothing listens
// otherwise: the worker's attempts fail and are retried later, harmlessly).
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 200);
process.env.E2E_SMTP_PORT = String(smtpPort);

// The server runs on Node 24 (type stripping); the runner may be on the machine's older Node.
const nodeMajor = Number(process.versions.node.split(".")[0]);
const node = nodeMajor >= 24 ? process.execPath : path.join(root, "node_modules", ".bin", "node");

// Workers load this file too: only the runner (no TEST_WORKER_INDEX) creates, and later removes, the folder.
const isRunner = process.env.TEST_WORKER_INDEX === undefined;
const dataDir = isRunner ? mkdtempSync(path.join(os.tmpdir(), "e2e-data-")) : "";
if (isRunner) process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};
/** Specs named *.site-wide.spec.ts change settings that hold for every client. */
const SITE_WIDE = /\.site-wide\.spec\.ts$/;
/** Specs named *.fresh-site.spec.ts count what exists site-wide, so they read the site as the seed left it. */
const FRESH_SITE = /\.fresh-site\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  // The machine is shared and busy: a test may wait generously on the server (never with fixed sleeps; see
  // patientExpect in tests/e2e/support.ts), so each may take three minutes.
  timeout: 180_000,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  outputDir: `test-results/playwright-${port}`,
  use: {
    baseURL,
    headless: true,
    trace: "retain-on-failure",
  },
  projects: [
    {
      // What counts rows of every client (the public outcome figure's threshold) runs before anything else
      // has added one, so its count is known (docs/decisions/0053-job-search.md, "Outcomes"). As a dependency it
      // runs even when the command names other spec files (14 s on a quiet machine); `--no-deps` skips it.
      name: "fresh-site",
      testMatch: FRESH_SITE,
      fullyParallel: false,
      workers: 1,
      use: browser,
    },
    {
      name: "chromium",
      testIgnore: [SITE_WIDE, FRESH_SITE],
      dependencies: ["fresh-site"],
      use: browser,
    },
    {
      // What changes a rule for every client (the coaching agreement, the booking gates) runs once all else
      // has finished, so no other spec's client is held back halfway through (docs/decisions/0047-coaching-agreement.md).
      name: "site-wide",
      testMatch: SITE_WIDE,
      dependencies: ["chromium"],
      fullyParallel: false,
      workers: 1,
      use: browser,
    },
  ],
  webServer: [
    {
      command: `"${node}" tests/support/oidc-provider.ts --port ${oidcPort}`,
      cwd: root,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `"${node}" express-shell/main.ts`,
      cwd: root,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Warnings and errors only (e.g. "database not ready at start"), so a failed start explains itself.
      stdout: "pipe",
      stderr: "pipe",
      // SIGTERM lets the server close the database cleanly before the folder is removed.
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_ORIGIN: baseURL,
        DATA_DIR: dataDir,
        BUILD_DIR: buildDir,
        // Always the embedded database in the fresh folder, whatever the calling shell has set.
        DATABASE_URL: "",
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        AUTH_OIDC_ISSUER: oidcIssuer,
        AUTH_OIDC_CLIENT_ID: MOCK_CLIENT_ID,
        AUTH_OIDC_CLIENT_SECRET: MOCK_CLIENT_SECRET,
        SESSION_SECRET: "e2e-session-secret-e2e-session-secret-0123",
        // Every test signs in from 127.0.0.1: the limit is proven by its own system test.
        SIGN_IN_RATE_LIMIT: "10000",
        MUTATION_RATE_LIMIT: "10000",
        // Signed Cal.com deliveries (tests/e2e/bookings.spec.ts).
        CAL_WEBHOOK_SECRET: TEST_CAL_SECRET,
        // Email through the test's SMTP server (tests/e2e/email.spec.ts).
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    },
  ],
});
