import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiDocsEnabled, ConfigError, loadConfig, parseEnv } from './config';

describe('config', () => {
  it('has working defaults for a newcomer', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMS_PROVIDER).toBe('console');
    expect(env.PAYMENT_PROVIDER).toBe('fake');
    expect(env.SUBMIT_GRACE_SECONDS).toBe(30);
    expect(env.ADMIN_PHONES).toEqual([]);
  });

  it('a read replica (DATABASE_READ_URL) is a PostgreSQL URL, and only beside DATABASE_URL', () => {
    expect(() => parseEnv({ DATABASE_READ_URL: 'postgres://replica/db' })).toThrow(
      /DATABASE_READ_URL is a replica of DATABASE_URL/,
    );
    expect(() =>
      parseEnv({ DATABASE_URL: 'postgres://primary/db', DATABASE_READ_URL: 'mysql://replica/db' }),
    ).toThrow(/DATABASE_READ_URL must be a postgres:\/\/ URL/);
    const env = parseEnv({
      DATABASE_URL: 'postgres://primary/db',
      DATABASE_READ_URL: 'postgres://replica/db',
    });
    expect(env.DATABASE_READ_URL).toBe('postgres://replica/db');
    expect(env.DATABASE_READ_LAG_SECONDS).toBe(30);
  });

  it('lists every bad key at once', () => {
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ADMIN_PHONES: '123,9876543210',
        SMS_PROVIDER: 'pigeon',
      });
      expect.unreachable('parseEnv should have thrown');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('ADMIN_PHONES');
      expect(problems).toContain('SMS_PROVIDER');
    }
  });

  it('refuses dev defaults in production', () => {
    try {
      parseEnv({ NODE_ENV: 'production' });
      expect.unreachable('production with dev defaults should not start');
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('JWT_SECRET is required in production');
      expect(problems).toContain('SMS_PROVIDER=console');
      expect(problems).toContain('PAYMENT_PROVIDER=fake');
    }
  });

  it('generates a JWT secret once outside production and keeps it in DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quizcast-config-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('TRUST_PROXY takes proxy addresses/CIDRs or a hop count, never "trust anything"', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
    ]);
    for (const bad of ['true', '10.0.0.0/33', 'loadbalancer', '10.0.0.1,nope']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: 'key',
    MSG91_TEMPLATE_ID: 'tpl',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_live_abc',
    RAZORPAY_KEY_SECRET: 'secret-secret',
    RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    DATABASE_URL: 'postgres://db/quizcast',
  };

  it('production: no demo data, and the embedded PGlite only when explicitly allowed', () => {
    expect(parseEnv(production).SEED_DEMO).toBe(false);
    expect(parseEnv({}).SEED_DEMO).toBe(true);
    expect(() => parseEnv({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    const { DATABASE_URL: _omit, ...withoutDatabase } = production;
    expect(() => parseEnv(withoutDatabase)).toThrow(/ALLOW_PGLITE_IN_PRODUCTION/);
    expect(parseEnv({ ...withoutDatabase, ALLOW_PGLITE_IN_PRODUCTION: 'true' }).DATABASE_URL).toBeUndefined();
  });

  it('the push-service stand-in: on for `npm start` (development), off in tests, refused in production', () => {
    expect(parseEnv({}).PUSH_STAND_IN).toBe(true);
    expect(parseEnv({ PUSH_STAND_IN: 'false' }).PUSH_STAND_IN).toBe(false);
    expect(parseEnv({ NODE_ENV: 'test' }).PUSH_STAND_IN).toBe(false);
    expect(parseEnv(production).PUSH_STAND_IN).toBe(false);
    expect(() => parseEnv({ ...production, PUSH_STAND_IN: 'true' })).toThrow(/PUSH_STAND_IN/);
  });

  it('WEB_CONCURRENCY above 1: refused on the embedded PGlite, and in production without REDIS_URL', () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: WEB_CONCURRENCY above 1 needs DATABASE_URL/,
    );
    expect(() =>
      parseEnv({
        ...production,
        DATABASE_URL: undefined,
        ALLOW_PGLITE_IN_PRODUCTION: 'true',
        WEB_CONCURRENCY: '2',
        REDIS_URL: 'redis://cache:6379',
      }),
    ).toThrow(/needs DATABASE_URL/);
    // Outside production several workers without Redis start (with a warning, main.ts).
    expect(parseEnv({ DATABASE_URL: 'postgres://db/quizcast', WEB_CONCURRENCY: '2' }).WEB_CONCURRENCY).toBe(
      2,
    );
    expect(() => parseEnv({ ...production, WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: WEB_CONCURRENCY above 1 needs REDIS_URL in production/,
    );
    expect(
      parseEnv({ ...production, WEB_CONCURRENCY: '2', REDIS_URL: 'redis://cache:6379' }).WEB_CONCURRENCY,
    ).toBe(2);
    expect(parseEnv(production).WEB_CONCURRENCY).toBe(1);
  });
});

describe('apiDocsEnabled', () => {
  it('serves /api/docs outside production, and in production only when API_DOCS=true', () => {
    expect(apiDocsEnabled({ NODE_ENV: 'development', API_DOCS: undefined })).toBe(true);
    expect(apiDocsEnabled({ NODE_ENV: 'production', API_DOCS: undefined })).toBe(false);
    expect(apiDocsEnabled({ NODE_ENV: 'production', API_DOCS: true })).toBe(true);
    expect(apiDocsEnabled({ NODE_ENV: 'development', API_DOCS: false })).toBe(false);
  });
});
