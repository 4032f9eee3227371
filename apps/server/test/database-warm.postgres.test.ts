import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/client';
import { rawRows } from '../src/db/raw-rows';
import { createScratchDatabase } from '../src/db/scratch-database';

// A started server opens its main pool's connections before its first request (issue 27's drill
// bench: the first 50 drills after a start each waited for a new connection). *.postgres.test.ts:
// only with TEST_DATABASE_URL.
let observer: Database;
let scratchUrl: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'quizcast_warm');
  drop = scratch.drop;
  scratchUrl = scratch.url;
  observer = await openPostgres(scratch.url, 2);
});
afterAll(async () => {
  await observer?.close();
  await drop?.();
});

it('warm opens every connection of the main pool, and only those', async () => {
  const name = `warm_${randomUUID().slice(0, 8)}`;
  const url = new URL(scratchUrl);
  url.searchParams.set('application_name', name);
  // 10 connections: 8 in the main pool, 2 for generic plans (opened on demand, by the review queue).
  const database = await openPostgres(url.toString(), 10);
  const connections = async () =>
    rawRows<{ n: number }>(
      await observer.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where application_name = ${name}`,
      ),
    )[0]!.n;
  try {
    expect(await connections()).toBe(0);
    await database.warm();
    expect(await connections()).toBe(8);
    // They serve statements as any other (all eight at once, none opened anew).
    await Promise.all(Array.from({ length: 8 }, () => database.db.execute(sql`select pg_sleep(0)`)));
    expect(await connections()).toBe(8);
  } finally {
    await database.close();
  }
});
