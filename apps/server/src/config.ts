import { z } from 'zod';
import { OTP_RESEND_COOLDOWN_SECONDS } from '@quizcast/contract/constants';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { readOrCreateOnce } from './lib/create-once';
import { SERVER_ROOT } from './lib/server-root';

const defaultWebDist = path.resolve(SERVER_ROOT, '../web/dist');

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** One proxy address or CIDR block (IPv4 or IPv6), e.g. 10.0.0.0/8 or ::1. */
function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^[0-9]{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (ADR 015): `false` (no proxy: the socket's address is the client), a hop count (the
 * number of proxies in front, e.g. 1 behind one load balancer), or a comma-separated list of proxy
 * addresses / CIDRs. `true` (trust any X-Forwarded-For) is refused: a forged header would pick the IP.
 */
const trustProxyFromEnv = z
  .string()
  .transform((v) => v.trim())
  .superRefine((v, ctx) => {
    if (v === 'true')
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would trust a forged X-Forwarded-For; give the proxy addresses/CIDRs (e.g. 10.0.0.0/8) or a hop count (e.g. 1)',
      });
    else if (v === 'false' || /^[0-9]{1,2}$/.test(v)) return;
    else {
      const bad = v
        .split(',')
        .map((e) => e.trim())
        .filter((e) => !isAddressOrCidr(e));
      if (bad.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `TRUST_PROXY must be false, a hop count or a list of addresses/CIDRs (not: ${bad.join(', ')})`,
        });
    }
  })
  .transform((v): false | number | string[] => {
    if (v === 'false') return false;
    if (/^[0-9]{1,2}$/.test(v)) return Number(v) === 0 ? false : Number(v);
    return v.split(',').map((e) => e.trim());
  });

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
    /** PostgreSQL connections per app process (each of WEB_CONCURRENCY workers has its own pool). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    /**
     * A fifth of those connections plan each prepared statement once (`plan_cache_mode =
     * force_generic_plan`, set in the startup packet) for the review queue's read (issue 31). Set
     * false behind a pooler that refuses the `options` startup parameter (PgBouncer by default).
     */
    DATABASE_GENERIC_PLANS: booleanFromEnv.default(true),
    /**
     * A streaming replica of DATABASE_URL for results-day reads (summaries, leaderboards, the podium's
     * ranks) of quizzes whose results settled over DATABASE_READ_LAG_SECONDS ago (docs/deploy.md).
     */
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must be a postgres:// URL')
      .optional(),
    /** Results published or corrected more recently than this are read from the primary. */
    DATABASE_READ_LAG_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** How long a request waits for a free PostgreSQL connection before answering 503 + Retry-After. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /**
     * Worker processes (node:cluster) sharing PORT; more than 1 needs DATABASE_URL (PGlite is one
     * process), and REDIS_URL in production (rate limits shared by the workers).
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** How long each instance may answer the session check from memory; invalidated on change (Redis across instances, IPC across workers). 0 turns it off. */
    USER_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(300).default(60),
    /**
     * Bytes of running attempts' answers each instance keeps so that an autosave or submission is one
     * compare-and-swap statement (ADR 012); 0 turns it off. ~1.2 KB per learner on a 10-question quiz.
     */
    ATTEMPT_CACHE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(2_000_000_000)
      .default(48 * 1024 * 1024),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    /** Absolute lifetime of one sign-in's token, however active (ADR 015). */
    JWT_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(90),
    /** A session ends this many days after its last use (renewed on use). */
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
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
    /** Wrong codes per phone in 24 hours, across codes, before that number is locked out. */
    OTP_WRONG_CODES_PER_DAY: z.coerce.number().int().min(1).max(1000).default(15),
    /** Every OTP SMS of this deployment in an hour; beyond it sends answer 503 and the log warns. */
    SMS_BUDGET_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(2000),
    /** Keys each in-memory rate-limit store keeps (without REDIS_URL): sized for 100k learners. */
    RATE_LIMIT_MEMORY_KEYS: z.coerce.number().int().min(1000).max(10_000_000).default(250_000),
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
    /**
     * The site's public origin (`https://quizcast.example`): the challenge page's link preview names its
     * image and URL with it, never with a request's Host header. Unset, the request's own origin (development).
     */
    PUBLIC_ORIGIN: z
      .url()
      .regex(/^https?:\/\/[^/]+$/, 'PUBLIC_ORIGIN must be an origin like https://quizcast.example (no path)')
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
    /** The plausible floor per answered question (issue 29 item 3; modules/marking/plausible-time.ts). */
    PLAUSIBLE_SECONDS_PER_ANSWER: z.coerce.number().min(0).max(600).default(2),
    /** Per learner per minute: attempt fetches, autosaves and submits (429 with Retry-After beyond). */
    ATTEND_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
    AUTOSAVE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
    SUBMIT_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /** Per learner per minute: practice and drill saves (issue 27; 429 with Retry-After beyond). */
    PRACTICE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
    SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
    /** Each sweeper task's budget per sweep; a task still running then is skipped until it ends. */
    SWEEP_TASK_TIMEOUT_SECONDS: z.coerce.number().min(0.01).max(3600).default(60),
    /** Demo data at start; on by default outside production, refused in production. */
    SEED_DEMO: booleanFromEnv.optional(),
    /** Production runs on PostgreSQL; the embedded PGlite only when this says so (one process, one box). */
    ALLOW_PGLITE_IN_PRODUCTION: booleanFromEnv.default(false),
    /** PGlite: fsync every commit (survives power loss); false survives a killed process only. */
    PGLITE_FSYNC: booleanFromEnv.default(true),
    WEB_DIST: z.string().default(defaultWebDist),
    TRUST_PROXY: trustProxyFromEnv.default(false),
    /** The OpenAPI document and its UI at /api/docs: on by default outside production, off in it. */
    API_DOCS: booleanFromEnv.optional(),
    /** Every call to an outside service (payment gateway, object storage) gives up after this long. */
    OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /**
     * Web push reminders (issue 28): the VAPID key pair (base64url, as `web-push generate-vapid-keys`
     * prints). Unset: generated once into DATA_DIR outside production; in production reminders stay off.
     */
    VAPID_PUBLIC_KEY: z.string().min(80).max(100).optional(),
    VAPID_PRIVATE_KEY: z.string().min(40).max(50).optional(),
    /** Who the push services may contact about our pushes (a mailto: or https: URL). */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https: URL')
      .default('mailto:reminders@quizcast.invalid'),
    /** One push to a push service gives up after this long (its subscription then backs off). */
    PUSH_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
    /**
     * Reminder pushes a second from this instance while it is quiet, and while it is serving learners
     * (at least REMINDER_BUSY_REQUEST_RATE requests a second over the last second): reminders
     * give way to the learners' traffic but never stop (ADR 025, "Pacing").
     */
    REMINDER_PUSH_RATE: z.coerce.number().min(1).max(100_000).default(1000),
    REMINDER_PUSH_FLOOR_RATE: z.coerce.number().min(1).max(100_000).default(20),
    REMINDER_BUSY_REQUEST_RATE: z.coerce.number().min(1).max(1_000_000).default(20),
    /**
     * Development (issue 28, ADR 025): a push-service stand-in on loopback that receives and decrypts
     * reminders, with loopback-only /api/dev/push routes to subscribe a learner to it and see what
     * arrived. On by default when NODE_ENV=development (`npm start`), refused in production.
     */
    PUSH_STAND_IN: booleanFromEnv.optional(),
    /** Browser tests only: POST /api/dev/clock moves the server's clock forward. Refused in production. */
    DEV_CLOCK_CONTROL: booleanFromEnv.default(false),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together',
      });
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
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database allows one process)',
      });
    }
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'DATABASE_READ_URL is a replica of DATABASE_URL; set DATABASE_URL (PostgreSQL) too',
      });
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
    if (env.PUSH_STAND_IN)
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_STAND_IN'],
        message: 'PUSH_STAND_IN is for development; production pushes to the browsers’ push services',
      });
    if (env.PAYMENT_PROVIDER === 'fake')
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'PAYMENT_PROVIDER=fake is a dev default; production needs razorpay',
      });
    if (env.SEED_DEMO)
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'SEED_DEMO is for development; production never loads demo accounts',
      });
    if (env.WEB_CONCURRENCY > 1 && !env.REDIS_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message:
          'WEB_CONCURRENCY above 1 needs REDIS_URL in production (without it each worker counts every rate limit on its own: N times each limit)',
      });
    if (!env.DATABASE_URL && !env.ALLOW_PGLITE_IN_PRODUCTION)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          'production needs DATABASE_URL (PostgreSQL); to run the embedded PGlite anyway set ALLOW_PGLITE_IN_PRODUCTION=true',
      });
  })
  .transform((env) => ({
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    PUSH_STAND_IN: env.PUSH_STAND_IN ?? env.NODE_ENV === 'development',
  }));

export type Env = z.output<typeof envSchema>;

/** /api/docs is public outside production; in production only when API_DOCS=true. */
export const apiDocsEnabled = (env: Pick<Env, 'API_DOCS' | 'NODE_ENV'>): boolean =>
  env.API_DOCS ?? env.NODE_ENV !== 'production';

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
  return readOrCreateOnce(file, () => randomBytes(48).toString('base64url')).trim();
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const env = parseEnv(source);
  return { ...env, jwtSecret: resolveJwtSecret(env) };
}
