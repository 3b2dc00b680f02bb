import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, from apps/api/{src,dist}/config/env.{ts,js}. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const int = (def: number) => z.coerce.number().int().positive().default(def);
/** An optional string where an empty value counts as unset. */
const optional = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().optional());

/** The demo identification provider's callback secret in development; production must set its own. */
const DEMO_PROVIDER_DEV_SECRET = 'finportal-demo-provider-dev-secret';

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  API_BASE_PATH: z
    .string()
    .regex(/^\/[a-z0-9/_-]*[a-z0-9]$/)
    .default('/api'),
  /**
   * Where the portal is reached; partner links insert `<key>.` before its host name. Unset (or
   * empty): `http://localhost:<PORT>`, so that the start-up line and mail links follow PORT.
   */
  PUBLIC_BASE_URL: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.url().optional()),
  /** Host suffix under which `<key>.<suffix>` selects a partner; defaults to PUBLIC_BASE_URL's host. */
  PUBLIC_BASE_DOMAIN: z.string().optional(),
  DEFAULT_PARTNER_KEY: z.string().default('demo'),
  PARTNERS_DIR: z.string().default(path.join(REPO_ROOT, 'partners')),
  /** How often an instance reloads the partners changed in the database (by any instance). */
  PARTNER_REFRESH_SECONDS: int(5),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().optional(),
  /** Where the file-system object store keeps uploads; default <DATA_DIR>/files. */
  FILES_DIR: z.string().optional(),
  /**
   * An S3-compatible object store instead of FILES_DIR: with S3_BUCKET set, endpoint, bucket and
   * both keys are required together. Uploads and downloads then go straight to the store through
   * presigned URLs (ADR 015).
   */
  S3_ENDPOINT: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.url().optional()),
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`, MinIO and most S3-compatible stores); false: `<bucket>.<host>`. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** clamd over TCP (tcp://host:3310); unset: files are not scanned (status not_scanned). */
  CLAMAV_URL: z.string().optional(),
  /** clamd's StreamMaxLength in bytes (its default 25 MiB): a larger file is scan_failed without being sent. */
  CLAMAV_STREAM_MAX_LENGTH: z.coerce
    .number()
    .int()
    .min(1)
    .default(25 * 1024 * 1024),
  DATABASE_POOL_SIZE: int(10),
  SESSION_IDLE_MINUTES: int(30),
  SESSION_ABSOLUTE_HOURS: int(12),
  /**
   * Whose X-Forwarded-For to believe: false (nobody), true (anyone: only when no client can reach
   * an instance directly), or the balancers' addresses / CIDRs, comma-separated (safest).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v))
    .refine(
      (v) =>
        typeof v === 'boolean' ||
        v.split(',').every((part) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part.trim()) || part.trim() === 'loopback'),
      'true, false, or comma-separated IP addresses / CIDR ranges',
    ),
  /** Time for a client to send a whole request, headers and body (slow uploads included). */
  REQUEST_TIMEOUT_MS: int(60_000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('finportal <no-reply@finportal.localhost>'),
  /** Background jobs: how often an idle worker looks for work, how long a claim lasts, jobs at once. */
  JOB_POLL_MS: int(1000),
  JOB_LEASE_SECONDS: int(60),
  JOB_CONCURRENCY: int(4),
  /** Start no job worker in this process (an instance that only serves requests). */
  JOBS_DISABLED: bool.default(false),
  HOUSEKEEPING_MINUTES: int(10),
  /** How often the signing reminders are looked for (issue 14: hourly). */
  SIGNATURE_REMINDER_MINUTES: int(60),
  /** How often the audit entries are sealed into the hash chain (platform/audit.ts). */
  AUDIT_SEAL_SECONDS: int(15),
  /** How long a webhook endpoint may take to answer one delivery. */
  WEBHOOK_TIMEOUT_MS: int(10_000),
  /**
   * Development only: webhooks may go to this machine (loopback addresses, http to them). Off by
   * default; production refuses to start with it (issue 25, ADR 031: public addresses only).
   */
  WEBHOOK_ALLOW_LOOPBACK: bool.default(false),
  CONFIRM_TOKEN_HOURS: int(72),
  RESET_TOKEN_MINUTES: int(60),
  INVITE_TOKEN_DAYS: int(14),
  /** Wrong passwords per account and client address before each further one waits (1 s, 2 s, 4 s … 15 min). */
  LOGIN_FREE_FAILURES: int(5),
  /** Wrong passwords per account from all addresses before browsers that never logged in to it wait too. */
  LOGIN_FREE_FAILURES_ACCOUNT: int(20),
  RATE_LOGIN_PER_IP: int(100),
  RATE_REGISTER_PER_IP: int(30),
  RATE_REGISTER_PER_ACCOUNT: int(5),
  RATE_RESET_PER_ACCOUNT: int(5),
  RATE_RESET_PER_IP: int(30),
  /** Company searches per client address and minute (the wizard searches as the user types). */
  RATE_COMPANY_SEARCH_PER_IP: int(120),
  RATE_WINDOW_MINUTES: int(15),
  ENABLE_DEV_ROUTES: bool.optional(),
  /**
   * Serve the OpenAPI document and its pages at <API_BASE_PATH>/docs (public and borrower routes
   * only; staff, console and dev routes are never in it). Default: on, except in production.
   */
  API_DOCS: bool.optional(),
  /**
   * The shared secret of the demo identification provider's callbacks (HMAC-SHA256, ADR 020). The
   * provider is served by the portal itself, so both ends read it here; the default is for
   * development only.
   */
  DEMO_PROVIDER_SECRET: z.string().min(16).default(DEMO_PROVIDER_DEV_SECRET),
  /**
   * This deployment is a demonstration (issue 25, ADR 030): in production the demo adapters
   * (identification and e-sign provider, company registry, credit insurer, credit reports) run
   * only with this set; without it the boot refuses while a partner uses one. Development and
   * tests run them anyway.
   */
  DEMO_DEPLOYMENT: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;

/** The S3-compatible store of S3_* (all set together). */
export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export interface AppConfig extends Omit<Env, 'PUBLIC_BASE_URL'> {
  /** PUBLIC_BASE_URL, or `http://localhost:<PORT>` when it is not set. */
  PUBLIC_BASE_URL: string;
  publicBaseDomain: string;
  devRoutes: boolean;
  /** Whether the demo adapters may run: not in production unless DEMO_DEPLOYMENT says this is a demo. */
  demoAdapters: boolean;
  /** Whether <API_BASE_PATH>/docs serves the OpenAPI document (API_DOCS; off in production unless set). */
  apiDocs: boolean;
  /** The S3 store when S3_BUCKET is set; null: files on disk (FILES_DIR). */
  s3: S3Config | null;
}

/** S3_* as one setting: none of the four, or all of them (a half-configured store fails the boot). */
function s3ConfigOf(env: Env): S3Config | null {
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length === S3_REQUIRED.length) return null;
  if (missing.length) {
    throw new Error(
      `Invalid environment:\n  ${missing.join(', ')}: required with ${S3_REQUIRED.filter((n) => !missing.includes(n)).join(', ')} (the S3 store needs ${S3_REQUIRED.join(', ')} together)`,
    );
  }
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // The demo provider runs in production only in a declared demo; it then needs a secret of its own.
  if (env.NODE_ENV === 'production' && env.DEMO_DEPLOYMENT && env.DEMO_PROVIDER_SECRET === DEMO_PROVIDER_DEV_SECRET) {
    throw new Error(
      'Invalid environment:\n  DEMO_PROVIDER_SECRET: set a secret of your own in production (the demo provider signs its callbacks with it)',
    );
  }
  if (env.NODE_ENV === 'production' && env.WEBHOOK_ALLOW_LOOPBACK) {
    throw new Error(
      'Invalid environment:\n  WEBHOOK_ALLOW_LOOPBACK: not in production (webhooks reach public addresses only)',
    );
  }
  const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`;
  return {
    ...env,
    PUBLIC_BASE_URL: publicBaseUrl,
    publicBaseDomain: env.PUBLIC_BASE_DOMAIN ?? new URL(publicBaseUrl).hostname,
    devRoutes: env.ENABLE_DEV_ROUTES ?? env.NODE_ENV !== 'production',
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    demoAdapters: env.NODE_ENV !== 'production' || env.DEMO_DEPLOYMENT,
    s3: s3ConfigOf(env),
  };
}

/**
 * The PostgreSQL server the API tests run on (CI's second run, `TEST_DATABASE_URL`);
 * undefined: the tests use an in-memory PGlite. Each test file creates its own database there.
 */
export function testDatabaseUrl(source: Record<string, string | undefined> = process.env): string | undefined {
  const url = source.TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}
