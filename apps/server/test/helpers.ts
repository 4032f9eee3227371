import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type AppDeps } from '../src/app';
import { parseEnv, type AppConfig } from '../src/config';
import { openPglite, openPostgres, type Database, type Db, type QueryLog } from '../src/db/client';
import { createScratchDatabase } from '../src/db/scratch-database';
import { ManualClock } from '../src/lib/clock';
import { SessionRepository } from '../src/modules/auth/session.repository';
import { signSessionToken } from '../src/modules/auth/session-token';
import type { PaymentProvider } from '../src/providers/payments/payment-provider';
import type { PushSender } from '../src/providers/push/push-sender';
import type { UserRow } from '../src/modules/students/student.repository';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Which database the API suite runs on: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database created
 * on the TEST_DATABASE_URL server (a copy of the run's migrated template) and dropped on close.
 */
export async function openTestDatabase(queryLog?: QueryLog): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // From the run's migrated template (test/support/pglite-template.global.ts); migrate() then finds
    // nothing left to do, and would catch a template older than the migrations.
    const database = await openPglite(undefined, { queryLog, template: pgliteTemplateBytes() });
    await database.migrate();
    return database;
  }
  // A copy of the run's migrated template (test/support/pglite-template.global.ts); migrate() then
  // finds nothing left to do, as on PGlite.
  const scratch = await createScratchDatabase(
    url,
    process.env.TEST_DATABASE_PREFIX ?? 'quizcast_test',
    inject('postgresTemplate') || undefined,
  );
  const database = await openPostgres(scratch.url, 5, queryLog);
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

let templateBytes: Uint8Array | undefined;
/** The run's migrated PGlite template, read once per test file's process. */
function pgliteTemplateBytes(): Uint8Array | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  templateBytes ??= readFileSync(file);
  return templateBytes;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  clock: ManualClock;
  config: AppConfig;
  close(): Promise<void>;
}

export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    now?: Date | string;
    webDist?: string;
    /** Register extra routes before the app is ready (e.g. a probe behind a preHandler). */
    extend?: (app: FastifyInstance) => void | Promise<void>;
    /** A payment gateway at the provider edge (e.g. one that never answers). */
    payments?: PaymentProvider;
    /** Sees every SQL statement the app sends. */
    queryLog?: QueryLog;
    /** Sees every route as declared (buildApp's `onRoute`). */
    onRoute?: AppDeps['onRoute'];
    /** Which OTPs the app draws (AppDeps.otpCodes). */
    otpCodes?: AppDeps['otpCodes'];
    /** Web push through a sender of the test's (e.g. one trusting the push-service stand-in). */
    push?: PushSender | null;
    /** A second instance on this app's database (and clock), as in a cluster; it leaves it open. */
    shareWith?: TestApp;
  } = {},
): Promise<TestApp> {
  const database = options.shareWith?.database ?? (await openTestDatabase(options.queryLog));
  const clock = options.shareWith?.clock ?? new ManualClock(options.now ?? '2026-11-22T10:00:00Z');
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quizcast-test-')),
    WEB_DIST: options.webDist ?? path.join(tmpdir(), 'quizcast-no-web-dist'),
    // Tests edit users straight in the database and expect the next request to see it; the session
    // cache and its invalidation have their own tests (session-cache.api.test.ts).
    USER_CACHE_TTL_SECONDS: '0',
    ...options.env,
  });
  const config: AppConfig = { ...env, jwtSecret: TEST_JWT_SECRET };
  const app = await buildApp(config, {
    database,
    clock,
    ownsDatabase: !options.shareWith,
    payments: options.payments,
    onRoute: options.onRoute,
    push: options.push,
    otpCodes: options.otpCodes,
  });
  databaseOfClock.set(clock, database.db);
  await options.extend?.(app);
  await app.ready();
  return { app, db: database.db, database, clock, config, close: () => app.close() };
}

/**
 * The database of each test app, found by its clock: `bearerFor(user, t.clock)` keeps its signature
 * (every suite calls it that way) and still creates the server-side session a token must name.
 */
const databaseOfClock = new WeakMap<ManualClock, Db>();

/** For an app built without buildTestApp: lets `bearerFor(user, clock)` find its database. */
export function rememberTestDatabase(clock: ManualClock, db: Db): void {
  databaseOfClock.set(clock, db);
}

/** A signed-in session for `user` (a sessions row + its token), as a login would give. */
export async function bearerFor(
  user: UserRow,
  clock: ManualClock,
  ttlDays = 30,
): Promise<Record<string, string>> {
  const db = databaseOfClock.get(clock);
  if (!db)
    throw new Error('bearerFor: pass the clock of an app built by buildTestApp (or rememberTestDatabase)');
  const now = clock.now();
  const session = await new SessionRepository(db).create(
    user.id,
    now,
    new Date(now.getTime() + ttlDays * 24 * 60 * 60 * 1000),
  );
  const token = await signSessionToken(
    TEST_JWT_SECRET,
    { sub: user.id, role: user.role, sid: session.id },
    ttlDays,
    clock.now(),
  );
  return { authorization: `Bearer ${token}` };
}
