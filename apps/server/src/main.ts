import cluster from 'node:cluster';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { DataDirLockedError, openDatabase, openPostgres } from './db/client';
import { OffsetClock, systemClock } from './lib/clock';
import { relayInvalidations } from './lib/invalidation-bus';
import { seedDemoData } from './seed/demo';
import { readDemoFormulas } from './seed/demo-formulas';

function openConfiguredDatabase(config: AppConfig) {
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    connectionTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    pgliteFsync: config.PGLITE_FSYNC,
    genericPlans: config.DATABASE_GENERIC_PLANS,
  });
}

/** Migrations and demo data, once per start (by the primary when there are workers). */
async function prepareDatabase(config: AppConfig): Promise<void> {
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    if (config.SEED_DEMO) await seedDemoData(database.db, new Date(), { formulas: readDemoFormulas });
  } finally {
    await database.close();
  }
}

/** One server process: the whole app on PORT (alone, or as one of WEB_CONCURRENCY workers). */
async function serve(config: AppConfig, options: { prepare: boolean }): Promise<void> {
  // Where a start's time goes (issue 31), in ms since the process started, logged once listening.
  const boot: Record<string, number> = { loaded: Math.round(performance.now()) };
  const mark = (step: string) => (boot[step] = Math.round(performance.now()));
  let database = await openConfiguredDatabase(config);
  mark('opened');
  if (options.prepare) {
    await database.migrate();
    mark('migrated');
    const seed = config.SEED_DEMO
      ? await seedDemoData(database.db, new Date(), { formulas: readDemoFormulas })
      : undefined;
    mark('seeded');
    if (seed?.seeded && database.kind === 'pglite') {
      // Embedded PostgreSQL's memory (WASM) only grows: the first start's migrations and seed left it
      // ~40 MiB above what a restart holds. A fresh instance on the same folder starts as a restart does.
      await database.close();
      database = await openConfiguredDatabase(config);
      mark('reopened');
    }
  }

  const readDatabase = config.DATABASE_READ_URL
    ? await openPostgres(
        config.DATABASE_READ_URL,
        config.DATABASE_POOL_SIZE,
        undefined,
        config.DATABASE_CONNECT_TIMEOUT_MS,
        config.DATABASE_CONNECT_TIMEOUT_MS,
      )
    : undefined;

  const clock = config.DEV_CLOCK_CONTROL ? new OffsetClock() : systemClock;
  const app = await buildApp(config, { database, readDatabase, clock, ownsDatabase: true });
  mark('built');
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await database.warm();
  mark('warmed');
  await app.listen({ host: config.HOST, port: config.PORT });
  mark('listening');
  // Every sweep task is safe with several processes running it (row locks, conditional updates).
  app.sweeper.start(config.SWEEP_INTERVAL_SECONDS * 1000);
  app.log.info(
    { boot },
    `Quizcast is running on http://localhost:${config.PORT} (database: ${database.kind}` +
      `${cluster.isWorker ? `, worker ${cluster.worker?.id}` : ''})`,
  );
}

/**
 * WEB_CONCURRENCY=N (PostgreSQL only): the primary prepares the database, then forks N workers that
 * share PORT (node:cluster hands out connections) and replaces any worker that dies. Without
 * REDIS_URL it relays the workers' cache invalidations; rate limits stay per worker (refused in
 * production, config.ts).
 */
async function runPrimary(config: AppConfig): Promise<void> {
  await prepareDatabase(config);
  if (!config.REDIS_URL) {
    relayInvalidations(cluster);
    console.warn(
      `WEB_CONCURRENCY=${config.WEB_CONCURRENCY} without REDIS_URL: each worker counts every rate limit ` +
        `on its own (up to ${config.WEB_CONCURRENCY}x each limit); set REDIS_URL (production refuses to start without it)`,
    );
  }
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    console.error(`worker ${worker.id} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 1000).unref();
  });
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 20_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  console.log(`Quizcast primary ${process.pid}: ${config.WEB_CONCURRENCY} workers on port ${config.PORT}`);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (cluster.isWorker) return serve(config, { prepare: false });
  if (config.WEB_CONCURRENCY > 1) return runPrimary(config);
  return serve(config, { prepare: true });
}

main().catch((err) => {
  // A plain sentence for a known situation (the data folder is in use); a stack trace otherwise.
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
