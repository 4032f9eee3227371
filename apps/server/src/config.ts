import { z } from 'zod';
import { OTP_RESEND_COOLDOWN_SECONDS } from '@quizcast/contract/constants';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    JWT_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SMS_PROVIDER: z.enum(['console', 'msg91']).default('console'),
    /** MSG91 Flow API (SMS_PROVIDER=msg91): the DLT template must carry the code as ##otp##. */
    MSG91_AUTH_KEY: z.string().min(1).optional(),
    MSG91_TEMPLATE_ID: z.string().min(1).optional(),
    MSG91_BASE_URL: z.url().default('https://control.msg91.com'),
    SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** HMAC key for stored OTP codes; derived from the JWT secret when unset. */
    OTP_SECRET: z.string().min(32, 'OTP_SECRET must be at least 32 characters').optional(),
    OTP_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
    OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    OTP_RESEND_COOLDOWN_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(3600)
      .default(OTP_RESEND_COOLDOWN_SECONDS),
    OTP_PHONE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(5),
    OTP_IP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /** create-order and verify-payment calls per learner per hour (each order is a gateway call). */
    PAYMENT_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
    /** A pending order the gateway reports no capture for is marked failed after this many hours. */
    PAYMENT_PENDING_EXPIRY_HOURS: z.coerce
      .number()
      .min(1)
      .max(24 * 30)
      .default(24),
    /** Prefix of the rate-limit keys in Redis (several deployments can share one Redis). */
    RATE_LIMIT_NAMESPACE: z.string().min(1).default('quizcast-rl:'),
    /** S3-compatible object storage for uploaded files; unset keeps them on disk under DATA_DIR. */
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
    S3_PREFIX: z
      .string()
      .regex(/^[a-z0-9][a-z0-9/_-]*\/$/i, 'S3_PREFIX must look like "folder/"')
      .optional(),
    PAYMENT_PROVIDER: z.enum(['fake', 'razorpay']).default('fake'),
    /** Razorpay API keys (Dashboard → API Keys); required with PAYMENT_PROVIDER=razorpay. */
    RAZORPAY_KEY_ID: z
      .string()
      .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_…')
      .optional(),
    RAZORPAY_KEY_SECRET: z.string().min(8, 'RAZORPAY_KEY_SECRET looks too short').optional(),
    /** Secret of the Razorpay webhook (Dashboard → Webhooks); required with razorpay in production. */
    RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'RAZORPAY_WEBHOOK_SECRET looks too short').optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
      .optional(),
    ADMIN_PHONES: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[0-9]{10}$/, 'ADMIN_PHONES must list 10-digit numbers'))),
    SUBMIT_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
    SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
    SEED_DEMO: booleanFromEnv.default(true),
    WEB_DIST: z.string().default(defaultWebDist),
    TRUST_PROXY: booleanFromEnv.default(false),
    /** Browser tests only: POST /api/dev/clock moves the server's clock forward. Refused in production. */
    DEV_CLOCK_CONTROL: booleanFromEnv.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER === 'razorpay') {
      for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is required when PAYMENT_PROVIDER=razorpay`,
          });
      }
    }
    if (env.SMS_PROVIDER === 'msg91') {
      for (const key of ['MSG91_AUTH_KEY', 'MSG91_TEMPLATE_ID'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required for msg91` });
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.PAYMENT_PROVIDER === 'razorpay' && !env.RAZORPAY_WEBHOOK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_WEBHOOK_SECRET'],
        message:
          'RAZORPAY_WEBHOOK_SECRET is required in production (payments must unlock even if the browser drops)',
      });
    if (!env.JWT_SECRET)
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET is required in production' });
    if (env.SMS_PROVIDER === 'console')
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_PROVIDER'],
        message: 'SMS_PROVIDER=console is a dev default; production needs a real gateway',
      });
    if (env.DEV_CLOCK_CONTROL)
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_CLOCK_CONTROL'],
        message: 'DEV_CLOCK_CONTROL is for tests only',
      });
    if (env.PAYMENT_PROVIDER === 'fake')
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'PAYMENT_PROVIDER=fake is a dev default; production needs razorpay',
      });
  });

export type Env = z.output<typeof envSchema>;

export interface AppConfig extends Env {
  jwtSecret: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse the environment, listing every bad key at once. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  return result.data;
}

/** Outside production a missing JWT secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
export function resolveJwtSecret(env: Env): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.resolve(env.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const env = parseEnv(source);
  return { ...env, jwtSecret: resolveJwtSecret(env) };
}
