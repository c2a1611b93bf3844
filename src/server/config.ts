import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalString.pipe(
      z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
    ),
    // Streaming replicas for public reads: postgres:// URLs, comma-separated.
    DATABASE_READ_URLS: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\/[^,\s]+(\s*,\s*postgres(ql)?:\/\/[^,\s]+)*$/, 'must be postgres:// URLs separated by commas')
        .optional(),
    ),
    REPLICA_MAX_LAG_SECONDS: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1).max(3600).default(5),
    PUBLIC_READ_TIMEOUT_MS: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(100).max(600_000).default(1_000),
    DATA_DIR: z.string().default('./data'),
    SITE_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
    PRODUCT_NAME: z.string().trim().min(1).default('SaaS'),
    SITE_NAME: optionalString,
    SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    ADMIN_EMAIL: optionalString.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
    SEED_DEMO: booleanFlag.default(true),
    SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
    MAIL_FROM: optionalString,
    SUPPORT_EMAIL: optionalString.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
    SCREENSHOT_ALLOWED_HOSTS: optionalString,
    CHROMIUM_PATH: optionalString,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: optionalString.pipe(
      z
        .string()
        .regex(/^(true|false|[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*)$/, 'must be true, false or a comma-separated list of proxy addresses')
        .optional(),
    ),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1).max(100_000).default(10),
    PUBLIC_READ_RATE_LIMIT_PER_MINUTE: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0).max(1_000_000).default(300),
    SIGNED_IN_READ_RATE_LIMIT_PER_MINUTE: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0).max(1_000_000).default(600),
    /** How often each server looks for alert e-mails to send (docs/decisions/alerts.md). */
    ALERTS_INTERVAL_SECONDS: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1).max(3600).default(60),
    READ_CACHE_SECONDS: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0).max(3600).default(30),
    COUNT_DAILY_FIGURES: booleanFlag.default(true),
    // The signing secret of the Stripe webhook endpoint (Developers → Webhooks); unset: manual billing.
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(z.string().regex(/^whsec_[A-Za-z0-9+/=_-]{16,}$/, 'must be the endpoint\'s signing secret as Stripe shows it (whsec_...)').optional()),
  })
  .refine((env) => !env.ADMIN_EMAIL === !env.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  // Replicas copy a primary: without DATABASE_URL the server runs on its embedded PGlite, which has none.
  .refine((env) => !env.DATABASE_READ_URLS || env.DATABASE_URL, {
    message: 'needs DATABASE_URL (the primary the replicas copy)',
    path: ['DATABASE_READ_URLS'],
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Streaming replicas of DATABASE_URL that serve public catalogue reads (docs/deploy.md#read-replicas). */
  databaseReadUrls: string[];
  /** A replica further behind the primary than this is skipped until it catches up. */
  replicaMaxLagMs: number;
  /** PostgreSQL's statement timeout for public reads (lists, searches, pages): past it, a 503. */
  publicReadTimeoutMs: number;
  dataDir: string;
  siteUrl: string;
  productName: string;
  siteName: string;
  sessionSecret: string;
  secureCookies: boolean;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  /** The e-mails' sender as MAIL_FROM sets it; unset, the site's name as the brand has it, at no-reply@ the SITE_URL's host. */
  mailFrom: string | undefined;
  /** The address the site shows for support, and where contact messages go while no administrator exists. */
  supportEmail: string;
  /** Hosts the screenshot job may visit even though they resolve to private addresses. */
  screenshotAllowedHosts: string[];
  chromiumPath: string | undefined;
  logLevel: string;
  /** Attempts per minute per address at login and registration. */
  authRateLimitPerMinute: number;
  /**
   * Public reads no cache answered (searches, filtered lists, as API or page) per minute per
   * address, counted across servers; 0 turns the limit off (docs/decisions/rate-limits.md).
   */
  publicReadRateLimitPerMinute: number;
  /** The same limit for a signed-in account's reads (never cached), per account; 0: off. */
  signedInReadRateLimitPerMinute: number;
  /**
   * Whose X-Forwarded-For to believe for the client's address (Fastify's trustProxy). Off by
   * default: the server faces the Internet itself, and a forged header must not dodge rate limits.
   */
  trustProxy: boolean | string[];
  /**
   * How long a cached public read may be served without a write having touched it (view counts
   * and the trending order move without one); 0 turns the read cache off (docs/decisions/caching.md).
   */
  readCacheMaxAgeMs: number;
  /** How often each server runs a turn of the alerts. */
  alertsIntervalMs: number;
  /** Whether views, clicks and appearances are counted into the daily figures (the benchmark compares both). */
  countDailyFigures: boolean;
  /**
   * Stripe's signing secret for POST /api/billing/stripe/webhook; unset, providers pay by invoice and
   * administrators record the payments (docs/decisions/plans-and-billing.md).
   */
  stripeWebhookSecret: string | undefined;
};

export class ConfigError extends Error {}

/** Parses the environment once at boot. A bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrls: (e.DATABASE_READ_URLS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    replicaMaxLagMs: e.REPLICA_MAX_LAG_SECONDS * 1000,
    publicReadTimeoutMs: e.PUBLIC_READ_TIMEOUT_MS,
    dataDir,
    siteUrl,
    productName: e.PRODUCT_NAME,
    siteName: e.SITE_NAME ?? `${e.PRODUCT_NAME} Directory`,
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(dataDir),
    secureCookies: siteUrl.startsWith('https://'),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    // The site's own domain by default, so a deployment needs no extra setting.
    supportEmail: e.SUPPORT_EMAIL ?? `support@${new URL(siteUrl).hostname}`,
    screenshotAllowedHosts: (e.SCREENSHOT_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    chromiumPath: e.CHROMIUM_PATH,
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    publicReadRateLimitPerMinute: e.PUBLIC_READ_RATE_LIMIT_PER_MINUTE,
    signedInReadRateLimitPerMinute: e.SIGNED_IN_READ_RATE_LIMIT_PER_MINUTE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    readCacheMaxAgeMs: e.READ_CACHE_SECONDS * 1000,
    alertsIntervalMs: e.ALERTS_INTERVAL_SECONDS * 1000,
    countDailyFigures: e.COUNT_DAILY_FIGURES,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
  };
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((address) => address.trim());
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts without setup. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new ConfigError(`Invalid configuration:\n  DATA_DIR: cannot use ${dataDir} (${reason}); choose a directory this user can write to, or set SESSION_SECRET`);
  }
}

/** Configuration for tests: in-memory database, no seed, a fixed secret. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    // Without the public read limit: a test file's hundreds of reads come from one address; its own tests set it.
    ...loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret!!', SEED_DEMO: 'false', LOG_LEVEL: 'silent', PUBLIC_READ_RATE_LIMIT_PER_MINUTE: '0', SIGNED_IN_READ_RATE_LIMIT_PER_MINUTE: '0' }),
    ...overrides,
  };
}
