import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './config';

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
});
