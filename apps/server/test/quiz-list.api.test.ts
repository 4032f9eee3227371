import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorBodySchema } from '@quizcast/contract/errors';
import { quizListResponseSchema, type QuizListItem } from '@quizcast/contract/schemas/quiz';
import { payments, quizzes } from '../src/db/schema';
import { quizSearchCondition } from '../src/modules/quizzes/quiz-list.repository';
import { createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
let t: TestApp;
let user: UserRow;
let headers: Record<string, string>;

/** name → id of the quizzes made for this file. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-22T10:00:00Z' });
  user = await createStudent(t.db);
  headers = await bearerFor(user, t.clock);
  const now = t.clock.now().getTime();
  const at = (offset: number) => new Date(now + offset);
  const specs: { name: string; desc?: string; exam?: string; start: number; end: number; price?: number }[] =
    [
      { name: 'Ended long ago', start: -20 * DAY, end: -15 * DAY },
      { name: 'Upcoming later', start: 3 * DAY, end: 5 * DAY, exam: 'UPSC' },
      { name: 'Live ends late', start: -2 * HOUR, end: 30 * DAY, exam: 'NEET' },
      { name: 'Ended yesterday', start: -3 * DAY, end: -1 * DAY, desc: 'Banking awareness 50% revision' },
      { name: 'Upcoming soon', start: 2 * HOUR, end: 2 * DAY, price: 1000 },
      { name: 'Live ends soon', start: -1 * HOUR, end: 1 * HOUR, price: 1000, exam: 'UPSC' },
      { name: 'Live Paid And Unlocked', start: -1 * DAY, end: 10 * DAY, price: 1000 },
    ];
  for (const s of specs) {
    const { quiz } = await createQuiz(
      t.db,
      {
        name: s.name,
        desc: s.desc ?? 'Practice set',
        exam: s.exam ?? 'SSC',
        startAt: at(s.start),
        endAt: at(s.end),
        pricePaise: s.price ?? 0,
      },
      undefined,
      t.clock.now(),
    );
    ids[s.name] = quiz.id;
  }
  await createQuiz(t.db, { name: 'Hidden draft', published: false }, undefined, t.clock.now());
  await t.db.insert(payments).values({
    userId: user.id,
    quizId: ids['Live Paid And Unlocked']!,
    provider: 'fake',
    orderId: 'order_list_1',
    basePaise: 1000,
    gstPaise: 180,
    amountPaise: 1180,
    status: 'success',
  });
});
afterAll(async () => {
  await t.close();
});

async function list(query = '', as = headers) {
  const res = await t.app.inject({ method: 'GET', url: `/api/quizzes/participant${query}`, headers: as });
  expect(res.statusCode).toBe(200);
  return quizListResponseSchema.parse(res.json());
}
const names = (items: QuizListItem[]) => items.map((q) => q.name);

describe(`participant quiz list (${testDatabaseKind})`, () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quizzes/participant' });
    expect(res.statusCode).toBe(401);
  });

  it('lists live first (ending soonest), then upcoming by start, then ended most recent first', async () => {
    const body = await list();
    expect(body.total).toBe(7);
    expect(names(body.quizzes)).toEqual([
      'Live ends soon',
      'Live Paid And Unlocked',
      'Live ends late',
      'Upcoming soon',
      'Upcoming later',
      'Ended yesterday',
      'Ended long ago',
    ]);
  });

  it('gives each row its fields, with isPaid true for free or paid-for quizzes', async () => {
    const body = await list();
    const byName = Object.fromEntries(body.quizzes.map((q) => [q.name, q]));
    expect(byName['Live ends soon']).toEqual({
      _id: ids['Live ends soon'],
      name: 'Live ends soon',
      exam: 'UPSC',
      class: 'Preparing for Competitive exams',
      duration: 10,
      startTimeStamp: '2026-11-22T09:00:00.000Z',
      endTimeStamp: '2026-11-22T11:00:00.000Z',
      price: 10,
      isPaid: false,
    });
    expect(byName['Live Paid And Unlocked']!.isPaid).toBe(true);
    expect(byName['Live ends late']!.isPaid).toBe(true);
    expect(byName['Upcoming soon']!.isPaid).toBe(false);
    // Another user has not paid.
    const other = await createStudent(t.db);
    const theirs = await list('', await bearerFor(other, t.clock));
    expect(theirs.quizzes.find((q) => q.name === 'Live Paid And Unlocked')!.isPaid).toBe(false);
  });

  it('pages with page and limit (default 10, at most 50)', async () => {
    const first = await list('?page=1&limit=3');
    const second = await list('?page=2&limit=3');
    const third = await list('?page=3&limit=3');
    const beyond = await list('?page=9&limit=3');
    expect(first.total).toBe(7);
    expect(names(first.quizzes)).toEqual(['Live ends soon', 'Live Paid And Unlocked', 'Live ends late']);
    expect(names(second.quizzes)).toEqual(['Upcoming soon', 'Upcoming later', 'Ended yesterday']);
    expect(names(third.quizzes)).toEqual(['Ended long ago']);
    expect(beyond).toEqual({ quizzes: [], total: 7 });

    const tooMany = await t.app.inject({ method: 'GET', url: '/api/quizzes/participant?limit=51', headers });
    expect(tooMany.statusCode).toBe(400);
    expect(errorBodySchema.parse(tooMany.json()).message).toBe('limit must be at most 50');
    const zero = await t.app.inject({ method: 'GET', url: '/api/quizzes/participant?page=0', headers });
    expect(zero.statusCode).toBe(400);
  });

  it('uses a page size of 10 by default', async () => {
    for (let i = 0; i < 5; i++) {
      await createQuiz(
        t.db,
        {
          name: `Filler ${i}`,
          exam: 'JEE',
          startAt: new Date('2026-12-01T00:00:00Z'),
          endAt: new Date('2026-12-02T00:00:00Z'),
        },
        undefined,
        t.clock.now(),
      );
    }
    const body = await list();
    expect(body.total).toBe(12);
    expect(body.quizzes).toHaveLength(10);
    expect(names((await list('?page=2')).quizzes)).toHaveLength(2);
  });

  it('searches name and description case-insensitively, treating % and _ literally', async () => {
    expect(names((await list('?searchTerm=LIVE%20ENDS')).quizzes)).toEqual([
      'Live ends soon',
      'Live ends late',
    ]);
    const byDesc = await list(`?searchTerm=${encodeURIComponent('banking AWARENESS')}`);
    expect(names(byDesc.quizzes)).toEqual(['Ended yesterday']);
    expect(byDesc.total).toBe(1);
    expect(names((await list(`?searchTerm=${encodeURIComponent('50%')}`)).quizzes)).toEqual([
      'Ended yesterday',
    ]);
    expect((await list(`?searchTerm=${encodeURIComponent('%')}`)).quizzes.map((q) => q.name)).toEqual([
      'Ended yesterday',
    ]);
    expect(await list('?searchTerm=zzzz-nothing')).toEqual({ quizzes: [], total: 0 });
    expect((await list('?searchTerm=Hidden')).total).toBe(0);
  });

  it('filters by exam', async () => {
    const upsc = await list('?exam=UPSC');
    expect(names(upsc.quizzes)).toEqual(['Live ends soon', 'Upcoming later']);
    expect(upsc.total).toBe(2);
    expect(names((await list('?exam=UPSC&searchTerm=later')).quizzes)).toEqual(['Upcoming later']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/quizzes/participant?exam=GRE', headers });
    expect(bad.statusCode).toBe(400);
  });

  it('answers a search from the trigram indexes, not a table scan', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select ${quizzes.id} from ${quizzes} where ${quizSearchCondition('ends soon')}`,
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
        string,
        string
      >[];
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('quizzes_name_trgm_idx');
    expect(plan).toContain('quizzes_desc_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
