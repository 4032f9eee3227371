import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, writeInitdbCopy } from '../src/db/client';
import { appMeta, attempts, questions, quizzes } from '../src/db/schema';
import { seedDemoData } from '../src/seed/demo';

describe('embedded database (PGlite on disk)', { timeout: 120_000 }, () => {
  it('keeps data across a restart, and the demo seed runs only once', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'quizcast-persist-')), 'pg');
    const now = new Date('2026-11-22T10:00:00Z');

    const first = await openPglite(dir);
    await first.migrate();
    const seeded = await seedDemoData(first.db, now);
    expect(seeded.seeded).toBe(true);
    expect(seeded.quizzes).toBeGreaterThanOrEqual(12);
    await first.close();

    const second = await openPglite(dir);
    await second.migrate();
    const again = await seedDemoData(second.db, now);
    expect(again.seeded).toBe(false);
    const [q] = await second.db.select({ n: count() }).from(quizzes);
    const [qs] = await second.db.select({ n: count() }).from(questions);
    const [a] = await second.db.select({ n: count() }).from(attempts);
    expect(q!.n).toBe(seeded.quizzes);
    expect(qs!.n).toBeGreaterThanOrEqual(seeded.quizzes * 10);
    expect(a!.n).toBeGreaterThanOrEqual(20);
    await second.close();
  });

  it("a new data directory starts from initdb's copy (npm run build's), an existing one ignores it", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'quizcast-initdb-'));
    const copy = path.join(folder, 'initdb.tar');
    await writeInitdbCopy(copy);
    const dir = path.join(folder, 'pg');
    // What a start killed while unpacking leaves beside: cleared, and the copy unpacked again.
    mkdirSync(`${dir}.unpacking/base`, { recursive: true });
    writeFileSync(`${dir}.unpacking/PG_VERSION`, 'half');
    const first = await openPglite(dir, { initdbCopy: copy });
    expect(existsSync(`${dir}.unpacking`)).toBe(false);
    await first.migrate();
    await first.db.insert(appMeta).values({ key: 'from-the-copy', value: {} });
    await first.close();
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);

    // The copy is read only for a new directory: a broken one breaks a new start and not a restart.
    const broken = path.join(folder, 'broken.tar');
    writeFileSync(broken, 'not a tarball');
    const again = await openPglite(dir, { initdbCopy: broken });
    expect(await again.db.select({ key: appMeta.key }).from(appMeta)).toEqual([{ key: 'from-the-copy' }]);
    await again.close();
    await expect(openPglite(path.join(folder, 'other'), { initdbCopy: broken })).rejects.toThrow(
      /initialize/,
    );
    // Nothing half-made is left to be opened as a data directory by the next start.
    expect(existsSync(path.join(folder, 'other', 'PG_VERSION'))).toBe(false);
    expect(existsSync(path.join(folder, 'other.unpacking'))).toBe(false);
  });

  it('demo windows are relative to the seed time: some live, some upcoming, some ended, some paid', async () => {
    const db = await openPglite();
    await db.migrate();
    const now = new Date('2026-11-22T10:00:00Z');
    await seedDemoData(db.db, now);
    const rows = await db.db.select().from(quizzes);
    const live = rows.filter((r) => r.startAt <= now && r.endAt > now);
    const upcoming = rows.filter((r) => r.startAt > now);
    const ended = rows.filter((r) => r.endAt <= now);
    expect(live.length).toBeGreaterThanOrEqual(3);
    expect(upcoming.length).toBeGreaterThanOrEqual(2);
    expect(ended.length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.pricePaise > 0 && r.startAt <= now && r.endAt > now)).toBe(true);
    const withResults = ended.filter((r) => r.resultsPublishedAt);
    // Published quizzes, so the demo learner's progress page has a trend (issue 14), and every exam
    // has one to practise and drill (issue 27).
    expect(withResults.length).toBeGreaterThanOrEqual(2);
    expect(new Set(withResults.map((r) => r.exam))).toEqual(
      new Set(['UPSC', 'SSC', 'Banking', 'NEET', 'JEE']),
    );
    // The contest quizzes with results were taken by the demo's field and are ranked; the practice
    // sets (issue 27) are published for practice only, with no contest attempts.
    const ranked = await db.db.select().from(attempts);
    const contested = withResults.filter((quiz) => ranked.some((r) => r.quizId === quiz.id));
    expect(contested.length).toBeGreaterThanOrEqual(2);
    for (const quiz of contested) {
      expect(ranked.filter((r) => r.quizId === quiz.id && r.rank !== null).length).toBeGreaterThanOrEqual(20);
    }
    // The five exams, and 'Other' for the CAT-style sectional mock (issue 26: CAT is none of them).
    expect(new Set(rows.map((r) => r.exam))).toEqual(
      new Set(['UPSC', 'SSC', 'Banking', 'NEET', 'JEE', 'Other']),
    );
    expect(rows.filter((r) => r.exam === 'Other').map((r) => r.name)).toEqual([expect.stringMatching(/CAT/)]);
    await db.close();
  });
});
