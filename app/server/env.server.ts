import { isIP } from "node:net";
import { z } from "zod";

// The configuration contract of docs/ARCHITECTURE.md, parsed once at start; a wrong value stops the server
// with one line naming it. Over 300 lines on purpose: the whole contract is read in one file.

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Plain http on a loopback host. */
export function isDeveloperOrigin(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === "http:" && isLoopbackHost(url.hostname);
}

/** Express's names for address ranges (`trust proxy`). */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.has(item)) return true;
  const [address = "", bits, ...rest] = item.split("/");
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());

function perMinute(what: string, fallback: number) {
  const message = `must be a whole number of ${what} per minute (1 to 100000)`;
  return z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).int(message).min(1, message).max(100_000, message).default(fallback),
  );
}

function wholeNumber(what: string, min: number, max: number, fallback: number) {
  const message = `must be a whole number of ${what} from ${min} to ${max}`;
  return z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
  );
}

/** Relative to the working directory; printable characters only. */
function folder(fallback: string) {
  const message = "must be a folder path (printable characters, at most 1000)";
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(1000, message)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
      .regex(/^[^\u0000-\u001f\u007f]+$/, message)
      .default(fallback),
  );
}

const S3_REQUIRED = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_ALL = [...S3_REQUIRED, "S3_ENDPOINT", "S3_FORCE_PATH_STYLE"] as const;

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const schema = z
  .object({
    PORT: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: "must be a whole number from 1 to 65535" })
        .int("must be a whole number from 1 to 65535")
        .min(1, "must be a whole number from 1 to 65535")
        .max(65535, "must be a whole number from 1 to 65535")
        .default(3000),
    ),
    HOST: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9.:[\]-]+$/, "must be a host name or IP address, such as localhost or 0.0.0.0")
        .default("localhost"),
    ),
    // Express's `trust proxy` (docs/decisions/0035-behind-a-proxy.md).
    TRUST_PROXY: z.preprocess(
      blankToUndefined,
      z
        .string()
        .default("loopback")
        .transform((value, ctx): false | number | string[] => {
          const text = value.trim().toLowerCase();
          if (text === "false" || text === "none") return false;
          if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text);
          const items = text.split(",").map((item) => item.trim());
          if (items.every(isProxyAddress)) return items;
          ctx.addIssue({
            code: "custom",
            message:
              "must be a number of proxies (0 to 10), addresses or ranges such as loopback or 10.0.0.0/8 (comma-separated), or false",
          });
          return z.NEVER;
        }),
    ),
    PUBLIC_ORIGIN: optionalString.pipe(
      z
        .url({ protocol: /^https?$/, error: "must be an http(s) origin such as https://coach.example" })
        .refine(
          (value) => !URL.canParse(value) || (new URL(value).pathname === "/" && !value.endsWith("/")),
          {
            error: "must be an origin only (scheme, host and port), with no path or trailing slash",
          },
        )
        .optional(),
    ),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(
          /^postgres(ql)?:\/\//,
          "must be a postgres:// connection URL (unset it to use the embedded database)",
        )
        .optional(),
    ),
    DATA_DIR: z.preprocess(blankToUndefined, z.string().default("./data")),
    AUTH_OIDC_ISSUER: z.preprocess(
      blankToUndefined,
      z
        .url({ protocol: /^https?$/, error: "must be the issuer URL of an OpenID Connect provider" })
        .default("https://accounts.google.com")
        .refine((value) => {
          if (!URL.canParse(value)) return true; // reported by the url check above
          const url = new URL(value);
          return url.protocol === "https:" || isLoopbackHost(url.hostname);
        }, "must use https:// (http:// is allowed only for localhost)"),
    ),
    AUTH_OIDC_CLIENT_ID: optionalString,
    AUTH_OIDC_CLIENT_SECRET: optionalString,
    ADMIN_EMAILS: z.preprocess(
      blankToUndefined,
      z
        .string()
        .optional()
        .transform((value) =>
          (value ?? "")
            .split(",")
            .map((email) => email.trim().toLowerCase())
            .filter(Boolean),
        )
        .pipe(z.array(z.email("must be a comma-separated list of email addresses"))),
    ),
    SESSION_SECRET: optionalString.pipe(
      z.string().min(32, "must be at least 32 characters (try: openssl rand -hex 32)").optional(),
    ),
    STRIPE_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be a webhook signing secret (whsec_…)")
        .optional(),
    ),
    // Unset: the scheduling webhook refuses everything.
    CAL_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .min(16, "must be at least 16 characters (the secret set on the Cal.com webhook)")
        .refine((value) => value !== "no-secret-provided", "must be a real secret, not Cal.com's placeholder")
        .optional(),
    ),
    // Unset: emails stay in the outbox (docs/decisions/0029-email-outbox.md).
    SMTP_URL: optionalString.pipe(
      z
        .url({
          protocol: /^smtps?$/,
          error: "must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com:465",
        })
        .optional(),
    ),
    MAIL_FROM: optionalString.pipe(
      z
        .string()
        .regex(
          /^(?:[^<>@\r\n]*<[^@\s<>]+@[^@\s<>]+>|[^@\s<>]+@[^@\s<>]+)$/,
          'must be an address such as coach@example.com or "Coach <coach@example.com>"',
        )
        .optional(),
    ),
    MAIL_LEASE_SECONDS: wholeNumber("seconds", 1, 3600, 120),
    // Unset: files on disk under DATA_DIR/files (docs/decisions/0043-file-storage.md).
    S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          "must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens",
        )
        .optional(),
    ),
    S3_REGION: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]+$/, "must be a region such as us-east-1 (auto for Cloudflare R2)")
        .optional(),
    ),
    S3_ENDPOINT: optionalString.pipe(
      z
        .url({
          protocol: /^https?$/,
          error: "must be the storage service's URL, such as https://<account>.r2.cloudflarestorage.com",
        })
        .refine((value) => {
          if (!URL.canParse(value)) return true; // reported by the url check above
          const url = new URL(value);
          return url.protocol === "https:" || isLoopbackHost(url.hostname);
        }, "must use https:// (http:// is allowed only for localhost)")
        .optional(),
    ),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: optionalString.pipe(
      z
        .enum(["true", "false"], { error: "must be true or false" })
        .transform((value) => value === "true")
        .optional(),
    ),
    FILE_MAX_BYTES: wholeNumber("bytes", 1024, 1024 ** 3, 20 * 1024 ** 2),
    FILE_QUOTA_BYTES: wholeNumber("bytes", 1024, 1024 ** 4, 200 * 1024 ** 2),
    // A sign-in counts once: 60 lets a class of 30 behind one address sign in together.
    SIGN_IN_RATE_LIMIT: perMinute("sign-in requests", 60),
    MUTATION_RATE_LIMIT: perMinute("changes", 120),
    LOG_LEVEL: z.preprocess(
      blankToUndefined,
      z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
    ),
    NODE_ENV: z.preprocess(
      blankToUndefined,
      z
        .enum(["production", "development", "test"], { error: "must be production, development or test" })
        .default("production"),
    ),
    DATABASE_POOL_SIZE: wholeNumber("connections per process", 1, 100, 10),
    WEB_CONCURRENCY: wholeNumber("server processes", 1, 99, 1),
    MIGRATIONS_DIR: folder("db/migrations"),
    BUILD_DIR: folder("build"),
  })
  .superRefine((env, ctx) => {
    const hasId = Boolean(env.AUTH_OIDC_CLIENT_ID);
    const hasSecret = Boolean(env.AUTH_OIDC_CLIENT_SECRET);
    if (hasId !== hasSecret) {
      ctx.addIssue({
        code: "custom",
        path: [hasId ? "AUTH_OIDC_CLIENT_SECRET" : "AUTH_OIDC_CLIENT_ID"],
        message: "must be set together with the other OIDC client variable",
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"],
        message: "must be set together with the other Stripe variable",
      });
    }
    const s3Missing = S3_REQUIRED.filter((name) => !env[name]);
    const s3Given = S3_ALL.some((name) => env[name] !== undefined);
    if (s3Given && s3Missing.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: [s3Missing[0] ?? "S3_BUCKET"],
        message: `must be set too: S3 storage needs ${S3_REQUIRED.join(", ")} (missing: ${s3Missing.join(", ")})`,
      });
    }
    if (hasId && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required once an OIDC client is configured (try: openssl rand -hex 32)",
      });
    }
  });

export type Config = {
  port: number;
  host: string;
  publicOrigin: string;
  databaseUrl: string | undefined;
  dataDir: string;
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
  adminEmails: string[];
  sessionSecret: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: "production" | "development" | "test";
  databasePoolSize: number;
  /** node:cluster; PostgreSQL only (docs/decisions/0018-performance.md). */
  webConcurrency: number;
  migrationsDir: string;
  buildDir: string;
  signInRateLimit: number;
  mutationRateLimit: number;
  calWebhookSecret: string | null;
  /** An http:// loopback origin; developer doors still need a request from this machine (developer.server.ts). */
  developerMode: boolean;
  trustProxy: false | number | string[];
  /** Stripe with both keys; else the local test checkout in developer mode; else none (docs/decisions/0027-payments.md). */
  payments: PaymentsConfig;
  mail: MailConfig;
  files: FilesConfig;
};

export type FilesConfig = {
  /** FILE_MAX_BYTES: the most one file may be. */
  maxBytes: number;
  /** FILE_QUOTA_BYTES: the most one person's files may add up to. */
  quotaBytes: number;
  /** Null: on disk under DATA_DIR/files. */
  s3: S3Config | null;
};

export type S3Config = {
  bucket: string;
  region: string;
  /** Null: AWS S3 itself. */
  endpoint: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

export type MailConfig = {
  smtpUrl: string | null;
  /** Null → the site's name at no-reply@ the public origin's host. */
  from: string | null;
  /** How long a claim outlives a crashed worker. */
  leaseSeconds: number;
};

export type PaymentsConfig =
  | { mode: "stripe"; secretKey: string; webhookSecret: string }
  | { mode: "local" }
  | { mode: "off" };

export class ConfigError extends Error {
  override name = "ConfigError";
}

function describeValue(value: unknown): string {
  if (value === undefined) return "unset";
  const text = String(value);
  return `got ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)}`;
}

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? "configuration");
    // SMTP_URL holds a password.
    const shown = /SECRET|SMTP_URL/.test(variable) ? "" : ` (${describeValue(env[variable])})`;
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? "is invalid"}${shown}`);
  }
  const e = result.data;
  const oidc =
    e.AUTH_OIDC_CLIENT_ID && e.AUTH_OIDC_CLIENT_SECRET
      ? {
          issuer: e.AUTH_OIDC_ISSUER,
          clientId: e.AUTH_OIDC_CLIENT_ID,
          clientSecret: e.AUTH_OIDC_CLIENT_SECRET,
        }
      : null;
  const publicOrigin = e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
  const developerMode = isDeveloperOrigin(publicOrigin);
  return {
    port: e.PORT,
    host: e.HOST,
    publicOrigin,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    oidc,
    adminEmails: e.ADMIN_EMAILS,
    sessionSecret: e.SESSION_SECRET,
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    webConcurrency: e.WEB_CONCURRENCY,
    migrationsDir: e.MIGRATIONS_DIR,
    buildDir: e.BUILD_DIR,
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    mutationRateLimit: e.MUTATION_RATE_LIMIT,
    calWebhookSecret: e.CAL_WEBHOOK_SECRET ?? null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? null, leaseSeconds: e.MAIL_LEASE_SECONDS },
    developerMode,
    trustProxy: e.TRUST_PROXY,
    files: {
      maxBytes: e.FILE_MAX_BYTES,
      quotaBytes: e.FILE_QUOTA_BYTES,
      s3:
        e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT ?? null,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              // Most S3-compatible servers (MinIO) answer only path-style requests; AWS prefers the other.
              forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
            }
          : null,
    },
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { mode: "stripe", secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : developerMode
          ? { mode: "local" }
          : { mode: "off" },
  };
}

/**
 * What a public site cannot serve without (its sign-in and session secret), or null. Checked at start,
 * not at pre-render, which needs no secrets.
 */
export function publicSiteProblem(config: Config): string | null {
  if (isDeveloperOrigin(config.publicOrigin)) return null;
  const missing = [
    ...(config.oidc ? [] : ["AUTH_OIDC_CLIENT_ID", "AUTH_OIDC_CLIENT_SECRET"]),
    ...(config.sessionSecret ? [] : ["SESSION_SECRET"]),
  ];
  if (missing.length === 0) return null;
  return `Invalid configuration: ${missing.join(", ")} must be set to serve ${config.publicOrigin} (a public site needs its Google sign-in and session secret; see README "Google sign-in")`;
}

/** For code that runs at import, before the configuration is parsed: a wrong value falls back to its default here and stops start-up later. */
export function setting<K extends keyof z.input<typeof schema>>(
  name: K,
  env: Record<string, string | undefined> = process.env,
): z.output<typeof schema>[K] {
  const field = schema.shape[name];
  const parsed = field.safeParse(env[name]);
  return (parsed.success ? parsed.data : field.parse(undefined)) as z.output<typeof schema>[K];
}

/** `serving`: the process is about to serve, so a public site must also be fully configured. */
export function configOrExit(
  env: Record<string, string | undefined> = process.env,
  { serving = false } = {},
): Config {
  try {
    const config = parseConfig(env);
    const problem = serving ? publicSiteProblem(config) : null;
    if (problem) throw new ConfigError(problem);
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

let cached: Config | undefined;

/** Parsed on first use, never at import: the build loads this module. */
export function getConfig(): Config {
  cached ??= parseConfig();
  return cached;
}
