import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'config-test-'));

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 5000, productName: 'SaaS', siteName: 'SaaS Directory', seedDemo: true, databaseUrl: undefined });
    expect(config.siteUrl).toBe('http://localhost:5000');
    expect(config.secureCookies).toBe(false);
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toHaveLength(64);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'secret123' }, 'ADMIN_EMAIL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ TRUST_PROXY: 'the load balancer' }, 'TRUST_PROXY'],
    [{ DATABASE_URL: 'postgres://primary/db', DATABASE_READ_URLS: 'mysql://replica/db' }, 'DATABASE_READ_URLS'],
    [{ DATABASE_URL: 'postgres://primary/db', DATABASE_READ_URLS: 'postgres://a/db,,postgres://b/db' }, 'DATABASE_READ_URLS'],
    [{ DATABASE_READ_URLS: 'postgres://replica/db' }, 'DATABASE_READ_URLS'],
    [{ DATABASE_URL: 'postgres://primary/db', REPLICA_MAX_LAG_SECONDS: '0' }, 'REPLICA_MAX_LAG_SECONDS'],
    [{ REPLICA_MAX_LAG_SECONDS: 'soon' }, 'REPLICA_MAX_LAG_SECONDS'],
    [{ PUBLIC_READ_TIMEOUT_MS: '50' }, 'PUBLIC_READ_TIMEOUT_MS'],
    [{ PUBLIC_READ_TIMEOUT_MS: 'a second' }, 'PUBLIC_READ_TIMEOUT_MS'],
  ])('stops with a message naming the variable for %o', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
  });

  it('turns on Secure cookies for an https site', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SITE_URL: 'https://directory.example/' })).toMatchObject({
      siteUrl: 'https://directory.example',
      secureCookies: true,
    });
  });

  it('takes the support address from SUPPORT_EMAIL, or support@ the site URL\'s host without its port', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SITE_URL: 'http://localhost:5000' }).supportEmail).toBe('support@localhost');
    expect(loadConfig({ DATA_DIR: dataDir(), SUPPORT_EMAIL: 'help@agency.example' }).supportEmail).toBe('help@agency.example');
    expect(() => loadConfig({ DATA_DIR: dataDir(), SUPPORT_EMAIL: 'helpdesk' })).toThrow('SUPPORT_EMAIL');
  });

  it('reads from the replicas of DATABASE_READ_URLS, skipping one over REPLICA_MAX_LAG_SECONDS (5) behind', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ databaseReadUrls: [], replicaMaxLagMs: 5_000, publicReadTimeoutMs: 1_000 });
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://primary/db', DATABASE_READ_URLS: ' postgres://r1:5433/db , postgresql://r2/db ', REPLICA_MAX_LAG_SECONDS: '12' });
    expect(config).toMatchObject({ databaseReadUrls: ['postgres://r1:5433/db', 'postgresql://r2/db'], replicaMaxLagMs: 12_000 });
  });

  it('keeps cached reads 30 s unless READ_CACHE_SECONDS says otherwise (0: no read cache)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).readCacheMaxAgeMs).toBe(30_000);
    expect(loadConfig({ DATA_DIR: dataDir(), READ_CACHE_SECONDS: '0' }).readCacheMaxAgeMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), READ_CACHE_SECONDS: '-1' })).toThrow('READ_CACHE_SECONDS');
  });

  it("limits a signed-in account's reads to 600 a minute unless SIGNED_IN_READ_RATE_LIMIT_PER_MINUTE says otherwise (0: off)", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).signedInReadRateLimitPerMinute).toBe(600);
    expect(loadConfig({ DATA_DIR: dataDir(), SIGNED_IN_READ_RATE_LIMIT_PER_MINUTE: '0' }).signedInReadRateLimitPerMinute).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SIGNED_IN_READ_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow('SIGNED_IN_READ_RATE_LIMIT_PER_MINUTE');
  });

  it('limits uncached public reads to 300 a minute per address unless PUBLIC_READ_RATE_LIMIT_PER_MINUTE says otherwise (0: off)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).publicReadRateLimitPerMinute).toBe(300);
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_READ_RATE_LIMIT_PER_MINUTE: '0' }).publicReadRateLimitPerMinute).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_READ_RATE_LIMIT_PER_MINUTE: '1.5' })).toThrow('PUBLIC_READ_RATE_LIMIT_PER_MINUTE');
    expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_READ_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow('PUBLIC_READ_RATE_LIMIT_PER_MINUTE');
  });

  it('uses the product name in the default site name', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PRODUCT_NAME: 'Marketing' }).siteName).toBe('Marketing Directory');
  });

  it('believes X-Forwarded-For only when told whose', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('bills by hand without STRIPE_WEBHOOK_SECRET, and refuses one that is not a Stripe signing secret', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).stripeWebhookSecret).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), STRIPE_WEBHOOK_SECRET: ' ' }).stripeWebhookSecret).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefABCDEF' }).stripeWebhookSecret).toBe('whsec_0123456789abcdefABCDEF');
    expect(() => loadConfig({ DATA_DIR: dataDir(), STRIPE_WEBHOOK_SECRET: 'sk_live_0123456789abcdef' })).toThrow('STRIPE_WEBHOOK_SECRET');
  });

  it('names DATA_DIR when it cannot be written', () => {
    const file = path.join(dataDir(), 'a-file');
    writeFileSync(file, 'not a directory');
    expect(() => loadConfig({ DATA_DIR: path.join(file, 'data') })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: path.join(file, 'data') })).toThrow(/DATA_DIR: cannot use .* \(ENOTDIR\)/);
  });
});
