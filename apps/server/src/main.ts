import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { OffsetClock, systemClock } from './lib/clock';
import { seedDemoData } from './seed/demo';

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

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  if (config.SEED_DEMO) await seedDemoData(database.db, new Date());

  const clock = config.DEV_CLOCK_CONTROL ? new OffsetClock() : systemClock;
  const app = await buildApp(config, { database, clock, ownsDatabase: true });
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

  await app.listen({ host: config.HOST, port: config.PORT });
  app.sweeper.start(config.SWEEP_INTERVAL_SECONDS * 1000);
  app.log.info(`Quizcast is running on http://localhost:${config.PORT} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
