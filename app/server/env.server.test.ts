import { describe, expect, test } from "vitest";
import { ConfigError, isLoopbackHost, parseConfig, publicSiteProblem, setting } from "./env.server";

const SECRET = "s".repeat(40);
const S3 = {
  S3_BUCKET: "coach-files",
  S3_REGION: "auto",
  S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
  S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
};

function failure(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected the configuration to be refused");
}

test("defaults follow the configuration contract", () => {
  const config = parseConfig({});
  expect(config).toMatchObject({
    port: 3000,
    host: "localhost",
    publicOrigin: "http://localhost:3000",
    databaseUrl: undefined,
    dataDir: "./data",
    oidc: null,
    adminEmails: [],
    sessionSecret: undefined,
    signInRateLimit: 60,
    mutationRateLimit: 120,
    developerMode: true,
    trustProxy: ["loopback"],
    payments: { mode: "local" },
  });
});

test("PUBLIC_ORIGIN defaults to the chosen port", () => {
  expect(parseConfig({ PORT: "8080" }).publicOrigin).toBe("http://localhost:8080");
});

test("blank values count as unset", () => {
  expect(parseConfig({ PORT: "", DATABASE_URL: "  ", ADMIN_EMAILS: "" })).toMatchObject({
    port: 3000,
    databaseUrl: undefined,
    adminEmails: [],
  });
});

test("ADMIN_EMAILS is split, trimmed and lower-cased", () => {
  expect(parseConfig({ ADMIN_EMAILS: " Coach@Example.com, second@example.org ,," }).adminEmails).toEqual([
    "coach@example.com",
    "second@example.org",
  ]);
});

test("a configured OIDC client on a developer's origin keeps developer mode (local sign-in asks for no client)", () => {
  const config = parseConfig({
    AUTH_OIDC_CLIENT_ID: "id",
    AUTH_OIDC_CLIENT_SECRET: "secret",
    SESSION_SECRET: SECRET,
  });
  expect(config.oidc).toEqual({
    issuer: "https://accounts.google.com",
    clientId: "id",
    clientSecret: "secret",
  });
  expect(config.developerMode).toBe(true);
  expect(config.payments).toEqual({ mode: "local" });
});

test("developer mode follows PUBLIC_ORIGIN, never the interface the server binds", () => {
  expect(parseConfig({ HOST: "0.0.0.0" }).developerMode).toBe(true);
  expect(parseConfig({ HOST: "127.0.0.1", PUBLIC_ORIGIN: "https://coach.example" }).developerMode).toBe(
    false,
  );
  expect(parseConfig({ PUBLIC_ORIGIN: "https://localhost:3000" }).developerMode).toBe(false);
  expect(parseConfig({ PUBLIC_ORIGIN: "http://coach.example" }).developerMode).toBe(false);
  expect(parseConfig({ PUBLIC_ORIGIN: "http://127.0.0.1:4000" }).developerMode).toBe(true);
  expect(parseConfig({ PUBLIC_ORIGIN: "http://[::1]:4000" }).developerMode).toBe(true);
});

test("without Stripe keys, the local test checkout exists only in developer mode", () => {
  expect(parseConfig({}).payments).toEqual({ mode: "local" });
  expect(parseConfig({ HOST: "127.0.0.1", PUBLIC_ORIGIN: "https://coach.example" }).payments).toEqual({
    mode: "off",
  });
});

test("a public site without its sign-in or session secret is named as not servable, in one line", () => {
  const half = parseConfig({ HOST: "127.0.0.1", PUBLIC_ORIGIN: "https://coach.example" });
  const problem = publicSiteProblem(half) ?? "";
  expect(problem).toMatch(
    /^Invalid configuration: AUTH_OIDC_CLIENT_ID, AUTH_OIDC_CLIENT_SECRET, SESSION_SECRET /,
  );
  expect(problem).not.toContain("\n");
  const noSecret = parseConfig({ PUBLIC_ORIGIN: "https://coach.example", SESSION_SECRET: SECRET });
  expect(publicSiteProblem(noSecret)).toMatch(
    /^Invalid configuration: AUTH_OIDC_CLIENT_ID, AUTH_OIDC_CLIENT_SECRET must/,
  );
  const whole = parseConfig({
    PUBLIC_ORIGIN: "https://coach.example",
    AUTH_OIDC_CLIENT_ID: "id",
    AUTH_OIDC_CLIENT_SECRET: "secret",
    SESSION_SECRET: SECRET,
  });
  expect(publicSiteProblem(whole)).toBeNull();
  expect(publicSiteProblem(parseConfig({}))).toBeNull();
});

test("TRUST_PROXY: hops, addresses and ranges, or none", () => {
  expect(parseConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
  expect(parseConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
  expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.7, ::1, uniquelocal" }).trustProxy).toEqual([
    "10.0.0.0/8",
    "192.0.2.7",
    "::1",
    "uniquelocal",
  ]);
  for (const wrong of ["everyone", "10.0.0.0/33", "300.1.1.1", "1,2", "99"])
    expect(failure({ TRUST_PROXY: wrong })).toMatch(/^Invalid configuration: TRUST_PROXY /);
});

test("an http issuer is accepted only on loopback hosts", () => {
  expect(parseConfig({ AUTH_OIDC_ISSUER: "http://127.0.0.1:9400" }).oidc).toBeNull();
  expect(failure({ AUTH_OIDC_ISSUER: "http://idp.example.com" })).toMatch(
    /^Invalid configuration: AUTH_OIDC_ISSUER /,
  );
});

describe("each wrong value stops start-up with one line naming the variable", () => {
  const cases: [string, Record<string, string>][] = [
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "0" }],
    ["PORT", { PORT: "70000" }],
    ["PORT", { PORT: "80.5" }],
    ["HOST", { HOST: "local host" }],
    ["PUBLIC_ORIGIN", { PUBLIC_ORIGIN: "not-a-url" }],
    ["PUBLIC_ORIGIN", { PUBLIC_ORIGIN: "https://coach.example/app" }],
    ["PUBLIC_ORIGIN", { PUBLIC_ORIGIN: "ftp://coach.example" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://localhost/db" }],
    ["AUTH_OIDC_ISSUER", { AUTH_OIDC_ISSUER: "nope" }],
    ["ADMIN_EMAILS", { ADMIN_EMAILS: "coach@example.com, not-an-email" }],
    ["AUTH_OIDC_CLIENT_SECRET", { AUTH_OIDC_CLIENT_ID: "id" }],
    ["AUTH_OIDC_CLIENT_ID", { AUTH_OIDC_CLIENT_SECRET: "secret" }],
    ["SESSION_SECRET", { AUTH_OIDC_CLIENT_ID: "id", AUTH_OIDC_CLIENT_SECRET: "secret" }],
    ["SESSION_SECRET", { SESSION_SECRET: "short" }],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }],
    ["SIGN_IN_RATE_LIMIT", { SIGN_IN_RATE_LIMIT: "0" }],
    ["MUTATION_RATE_LIMIT", { MUTATION_RATE_LIMIT: "lots" }],
    ["MUTATION_RATE_LIMIT", { MUTATION_RATE_LIMIT: "2.5" }],
    ["NODE_ENV", { NODE_ENV: "staging" }],
    ["DATABASE_POOL_SIZE", { DATABASE_POOL_SIZE: "0" }],
    ["DATABASE_POOL_SIZE", { DATABASE_POOL_SIZE: "ten" }],
    ["DATABASE_POOL_SIZE", { DATABASE_POOL_SIZE: "101" }],
    ["WEB_CONCURRENCY", { WEB_CONCURRENCY: "lots" }],
    ["WEB_CONCURRENCY", { WEB_CONCURRENCY: "1.5" }],
    ["MIGRATIONS_DIR", { MIGRATIONS_DIR: "db/\u0000migrations" }],
    ["BUILD_DIR", { BUILD_DIR: "build\n" }],
    ["BUILD_DIR", { BUILD_DIR: "b".repeat(1001) }],
    ["SMTP_URL", { SMTP_URL: "http://mail.example.com" }],
    ["MAIL_FROM", { MAIL_FROM: "not an address" }],
    ["MAIL_LEASE_SECONDS", { MAIL_LEASE_SECONDS: "0" }],
    ["S3_BUCKET", { ...S3, S3_BUCKET: "My_Bucket" }],
    ["S3_BUCKET", { ...S3, S3_BUCKET: "ab" }],
    ["S3_REGION", { ...S3, S3_REGION: "US East" }],
    ["S3_ENDPOINT", { ...S3, S3_ENDPOINT: "minio:9000" }],
    ["S3_ENDPOINT", { ...S3, S3_ENDPOINT: "http://minio.internal:9000" }],
    ["S3_FORCE_PATH_STYLE", { ...S3, S3_FORCE_PATH_STYLE: "yes" }],
    ["FILE_MAX_BYTES", { FILE_MAX_BYTES: "20MB" }],
    ["FILE_MAX_BYTES", { FILE_MAX_BYTES: "0" }],
    ["FILE_MAX_BYTES", { FILE_MAX_BYTES: String(2 * 1024 ** 3) }],
    ["FILE_QUOTA_BYTES", { FILE_QUOTA_BYTES: "-1" }],
  ];
  for (const [variable, env] of cases) {
    test(`${variable} = ${JSON.stringify(env)}`, () => {
      const message = failure(env);
      expect(message.startsWith(`Invalid configuration: ${variable} `)).toBe(true);
      expect(message).not.toContain("\n");
    });
  }
});

test("email: SMTP_URL and MAIL_FROM are read, and a wrong SMTP_URL (which holds a password) is never echoed", () => {
  expect(parseConfig({}).mail).toEqual({ smtpUrl: null, from: null, leaseSeconds: 120 });
  expect(
    parseConfig({
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      MAIL_FROM: "Coach <coach@example.com>",
    }).mail,
  ).toEqual({
    smtpUrl: "smtps://user:pass@smtp.example.com:465",
    from: "Coach <coach@example.com>",
    leaseSeconds: 120,
  });
  expect(failure({ SMTP_URL: "imap://user:hunter2@mail.example.com" })).not.toContain("hunter2");
});

test("the settings read before start-up are in the configuration, with their defaults", () => {
  expect(parseConfig({})).toMatchObject({
    logLevel: "info",
    nodeEnv: "production",
    databasePoolSize: 10,
    webConcurrency: 1,
    migrationsDir: "db/migrations",
    buildDir: "build",
  });
  expect(
    parseConfig({ DATABASE_POOL_SIZE: "25", WEB_CONCURRENCY: "4", BUILD_DIR: "build-x", LOG_LEVEL: "warn" }),
  ).toMatchObject({ databasePoolSize: 25, webConcurrency: 4, buildDir: "build-x", logLevel: "warn" });
});

test("one setting read at import: its validated value, else its default (start-up then refuses the value)", () => {
  expect(setting("DATABASE_POOL_SIZE", { DATABASE_POOL_SIZE: "7" })).toBe(7);
  expect(setting("DATABASE_POOL_SIZE", { DATABASE_POOL_SIZE: "many" })).toBe(10);
  expect(setting("LOG_LEVEL", { LOG_LEVEL: "debug" })).toBe("debug");
  expect(setting("LOG_LEVEL", { LOG_LEVEL: "loud" })).toBe("info");
  expect(setting("MIGRATIONS_DIR", {})).toBe("db/migrations");
  expect(setting("BUILD_DIR", { BUILD_DIR: "" })).toBe("build");
});

test("secret values are never echoed in the error", () => {
  const message = failure({ SESSION_SECRET: "hunter2" });
  expect(message).not.toContain("hunter2");
});

test("loopback hosts", () => {
  for (const host of ["localhost", "LOCALHOST", "127.0.0.1", "127.8.9.10", "::1", "[::1]"]) {
    expect(isLoopbackHost(host)).toBe(true);
  }
  for (const host of ["0.0.0.0", "10.0.0.1", "example.com", "localhost.example.com"]) {
    expect(isLoopbackHost(host)).toBe(false);
  }
});

test("CAL_WEBHOOK_SECRET: unset means none (the webhook refuses everything); a placeholder or short one is refused", () => {
  expect(parseConfig({}).calWebhookSecret).toBeNull();
  expect(parseConfig({ CAL_WEBHOOK_SECRET: "a-long-enough-secret-value" }).calWebhookSecret).toBe(
    "a-long-enough-secret-value",
  );
  expect(() => parseConfig({ CAL_WEBHOOK_SECRET: "no-secret-provided" })).toThrow(/CAL_WEBHOOK_SECRET/);
  expect(() => parseConfig({ CAL_WEBHOOK_SECRET: "short" })).toThrow(/CAL_WEBHOOK_SECRET/);
});

test("files: on disk by default, 20 MB a file and 200 MB a person", () => {
  expect(parseConfig({}).files).toEqual({ maxBytes: 20 * 1024 ** 2, quotaBytes: 200 * 1024 ** 2, s3: null });
  expect(parseConfig({ FILE_MAX_BYTES: "1048576", FILE_QUOTA_BYTES: "" }).files).toMatchObject({
    maxBytes: 1024 ** 2,
    quotaBytes: 200 * 1024 ** 2,
  });
});

test("files: S3 with its four settings; path-style addressing by default only with an endpoint", () => {
  expect(parseConfig(S3).files.s3).toEqual({
    bucket: "coach-files",
    region: "auto",
    endpoint: null,
    accessKeyId: "AKIDEXAMPLE",
    secretAccessKey: S3.S3_SECRET_ACCESS_KEY,
    forcePathStyle: false,
  });
  const minio = parseConfig({ ...S3, S3_ENDPOINT: "http://127.0.0.1:9000" }).files.s3;
  expect(minio).toMatchObject({ endpoint: "http://127.0.0.1:9000", forcePathStyle: true });
  const r2 = { ...S3, S3_ENDPOINT: "https://acct.r2.cloudflarestorage.com", S3_FORCE_PATH_STYLE: "false" };
  expect(parseConfig(r2).files.s3).toMatchObject({ forcePathStyle: false });
});

test("files: part of the S3 settings stops start-up naming every one missing, never echoing the secret", () => {
  expect(failure({ S3_BUCKET: "coach-files" })).toBe(
    "Invalid configuration: S3_REGION must be set too: S3 storage needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (missing: S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) (unset)",
  );
  expect(failure({ S3_ENDPOINT: "https://s3.example.com" })).toMatch(
    /^Invalid configuration: S3_BUCKET .*\(missing: S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\)/,
  );
  const { S3_SECRET_ACCESS_KEY: _, ...withoutSecret } = S3;
  expect(failure(withoutSecret)).toMatch(
    /^Invalid configuration: S3_SECRET_ACCESS_KEY .*\(missing: S3_SECRET_ACCESS_KEY\)$/,
  );
  const { S3_BUCKET: __, ...withoutBucket } = S3;
  expect(failure(withoutBucket)).not.toContain(S3.S3_SECRET_ACCESS_KEY);
});
