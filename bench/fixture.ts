/**
 * Benchmark data, outside the measurement: `seed` fills a database for one scenario and writes what
 * the load generator needs (tokens, ids) to a JSON file; `verify` checks, after the run, that the
 * database holds exactly what the load generator saw acknowledged.
 *
 *   tsx bench/fixture.ts seed <herd|list|summary|review|drill|herd-sections|reminders> <fixture.json>
 *   tsx bench/fixture.ts verify <fixture.json> <acks.json>
 *
 * The database is BENCH_DB_URL (PostgreSQL) or BENCH_DB_DIR (a PGlite data dir); bench/run.mjs sets
 * one of them. Sizes: BENCH_STUDENTS (herd, summary), BENCH_READERS (tokens for list/summary),
 * BENCH_CARDS and BENCH_REVIEW_LEARNERS (review: that many learners with that many due cards each).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client';
import { seedHerd, seedList, seedReview, seedSummary } from './fixture-seed';
import { verifyHerd, verifyReview, verifySummary } from './fixture-verify';
import { seedDrill, verifyDrill, type DrillAckFile } from './drill-fixture';
import { seedHerdSections } from './herd-sections-fixture';
import { seedReminders, verifyReminders, type RemindersFixture } from './reminders-fixture';
import type { AckFile, Fixture, ReviewAckFile } from './herd-shape.mjs';

function open(): Promise<Database> {
  if (process.env.BENCH_DB_URL) return openPostgres(process.env.BENCH_DB_URL, 4);
  if (process.env.BENCH_DB_DIR) return openPglite(process.env.BENCH_DB_DIR);
  throw new Error('set BENCH_DB_URL or BENCH_DB_DIR');
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const database = await open();
  try {
    if (command === 'seed') {
      const [scenario, out] = args as [string, string];
      await database.migrate();
      const students = Number(process.env.BENCH_STUDENTS ?? 2000);
      const readers = Number(process.env.BENCH_READERS ?? 5000);
      const started = performance.now();
      const fixture: { seedMs?: number } =
        scenario === 'reminders'
          ? await seedReminders(database, students)
          : scenario === 'herd-sections'
            ? await seedHerdSections(database, students)
            : scenario === 'drill'
              ? await seedDrill(database, students)
              : scenario === 'herd'
                ? await seedHerd(database, students)
                : scenario === 'list'
                  ? await seedList(database, readers)
                  : scenario === 'review'
                    ? await seedReview(
                        database,
                        Number(process.env.BENCH_REVIEW_LEARNERS ?? 5),
                        Number(process.env.BENCH_CARDS ?? 10_000),
                      )
                    : await seedSummary(database, students, Math.min(readers, students));
      fixture.seedMs = performance.now() - started;
      writeFileSync(out, JSON.stringify(fixture));
    } else if (command === 'verify') {
      const [fixtureFile, acksFile] = args as [string, string];
      const fixture = JSON.parse(readFileSync(fixtureFile, 'utf8')) as Fixture;
      const acked: unknown = existsSync(acksFile) ? JSON.parse(readFileSync(acksFile, 'utf8')) : null;
      const problems =
        (fixture.scenario as string) === 'reminders'
          ? await verifyReminders(database, fixture as unknown as RemindersFixture, acksFile)
          : fixture.scenario === 'drill'
            ? await verifyDrill(database, fixture, acked as DrillAckFile)
            : fixture.scenario === 'herd'
              ? await verifyHerd(
                  database,
                  fixture,
                  (acked as AckFile | null) ?? { started: [], savedRound: [], submitted: [] },
                )
              : fixture.scenario === 'summary'
                ? await verifySummary(database, fixture)
                : fixture.scenario === 'review'
                  ? acked
                    ? await verifyReview(database, fixture, acked as ReviewAckFile)
                    : ['no gradings were recorded']
                  : [];
      for (const p of problems.slice(0, 20)) console.error(`  ${p}`);
      if (problems.length) process.exitCode = 1;
    } else {
      throw new Error(`unknown command ${command}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
