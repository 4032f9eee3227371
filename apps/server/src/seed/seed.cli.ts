import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemoData } from './demo';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const result = await seedDemoData(database.db, new Date());
  console.log(
    result.seeded ? `Seeded ${result.quizzes} demo quizzes.` : 'Demo data is already present; nothing to do.',
  );
} finally {
  await database.close();
}
