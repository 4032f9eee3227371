/**
 * `npm run admin -- <phone>`: give an existing account the admin role.
 * With the embedded database (PGlite), stop the server first: only one process can open its data folder
 * (a second one is refused with a plain message, never left to corrupt it).
 */
import { ConfigError, loadConfig } from '../../config';
import { DataDirLockedError, openDatabase } from '../../db/client';
import { promoteToAdmin } from './student.service';

const phNo = process.argv[2]?.trim() ?? '';
if (!/^[0-9]{10}$/.test(phNo)) {
  console.error('Usage: npm run admin -- <10-digit phone number>');
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}

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
let exitCode = 0;
try {
  await database.migrate();
  const user = await promoteToAdmin(database.db, phNo, new Date());
  if (user) {
    console.log(`${user.name} (${user.phNo}) is now an admin.`);
  } else {
    console.error(`No account found for ${phNo}. Register with that number first, then run this again.`);
    exitCode = 1;
  }
} finally {
  await database.close();
}
process.exit(exitCode);
