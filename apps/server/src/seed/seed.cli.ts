import { loadConfig } from '../config';
import { DataDirLockedError, openDatabase } from '../db/client';
import { seedDemoData } from './demo';
import { readDemoFormulas } from './demo-formulas';

const config = loadConfig();
let database;
try {
  database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pgliteFsync: config.PGLITE_FSYNC,
  });
} catch (err) {
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
}
try {
  await database.migrate();
  const result = await seedDemoData(database.db, new Date(), { formulas: readDemoFormulas });
  console.log(
    result.seeded ? `Seeded ${result.quizzes} demo quizzes.` : 'Demo data is already present; nothing to do.',
  );
} finally {
  await database.close();
}
