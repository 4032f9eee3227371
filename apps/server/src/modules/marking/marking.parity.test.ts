import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { openTestDatabase, testDatabaseKind } from '../../../test/helpers';
import {
  markAttempt,
  plausibleTime,
  rankAttempts,
  type MarkableQuestion,
  type MarkingScheme,
  type SubmittedAnswer,
} from './marking';
import { answerIsCorrectSql, implausibleSql, rankedElapsedSql, rankOrderSql, scoreSql } from './marking.sql';

/**
 * The one parity test of marking (ADR 021): `marking.ts` and its SQL twin `marking.sql.ts` judge the
 * same generated attempts (choice and numeric questions, dropped ones, blanks, stray text, numbers
 * in every written form) and total them to the same score, on whichever database the suite runs
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

interface Case {
  questions: MarkableQuestion[];
  answers: SubmittedAnswer[];
  scheme: MarkingScheme;
}

/** What SQL makes of one case: each question's verdict (question order) and the attempt's score. */
async function markInSql({ questions, answers, scheme }: Case): Promise<{ right: boolean[]; score: number }> {
  const selected = new Map(answers.map((a) => [a.qnId, a.selectedOption ?? null]));
  const rows = questions.map((q, i) => ({
    ord: i,
    type: q.type ?? 'mcq',
    choices: q.choices,
    ans_index: q.ansIndex,
    numeric_answer: q.numericAnswer ?? null,
    tolerance: q.tolerance ?? null,
    dropped: q.dropped ?? false,
    selected: selected.get(q.id) ?? null,
  }));
  const [row] = rawRows<{ right: boolean[] | string; score: number | string }>(
    await database.db.execute(sql`
      with q as (
        select *, ${answerIsCorrectSql('q0', sql`q0.selected`)} as ok
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as q0(ord int, type text, choices jsonb, ans_index int, numeric_answer numeric, tolerance numeric,
                dropped boolean, selected text)
      )
      select coalesce(json_agg(ok and not dropped order by ord), '[]') as right,
             ${scoreSql(
               sql`count(*) filter (where ok and not dropped)`,
               sql`count(*) filter (where selected is not null and not ok and not dropped)`,
               sql`${scheme.correct}::float8`,
               sql`${scheme.wrong}::float8`,
             )} as score
      from q
    `),
  );
  const right = typeof row!.right === 'string' ? (JSON.parse(row!.right) as boolean[]) : row!.right;
  return { right, score: Number(row!.score) };
}

async function expectParity(c: Case): Promise<void> {
  const ts = markAttempt(c.questions, c.answers, c.scheme);
  const inSql = await markInSql(c);
  expect(inSql.right).toEqual(ts.answers.map((a) => a.isCorrect));
  // + 0: Math.round gives −0 for a small negative total, SQL's floor gives 0; the same score.
  expect(inSql.score + 0).toBe(ts.score + 0);
}

/** Decimal text in the forms a number can be written: signs, leading zeros, '.5', '2.', spaces, junk. */
const decimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 6 }))
  .map(([units, scale]) => {
    const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
    const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
    return `${units < 0n ? '-' : ''}${text}`;
  });
const smallDecimal = fc
  .tuple(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: 0, max: 3 }))
  .map(([units, scale]) => (units / 10 ** scale).toFixed(scale));
const spaces = fc.constantFrom('', ' ', '\t', '\n', '\u00a0', '\u3000', '\ufeff');
const stray = fc.string({
  unit: fc.constantFrom('0', '1', '2', '5', '.', '-', '+', 'e', 'a', ' ', 'é', 'अ'),
  maxLength: 8,
});
const numberText = fc.oneof(
  decimal,
  smallDecimal,
  fc
    .tuple(spaces, fc.constantFrom('', '+', '0', '00'), smallDecimal, fc.constantFrom('', '0', '.'), spaces)
    .map(
      ([a, prefix, n, suffix, b]) =>
        `${a}${n.startsWith('-') ? `-${prefix.replace('+', '')}${n.slice(1)}` : `${prefix}${n}`}${n.includes('.') && suffix === '.' ? '' : suffix}${b}`,
    ),
  smallDecimal.map((n) => n.replace(/^(-?)0\./, '$1.')),
  stray,
);

const choice = fc.string({
  unit: fc.constantFrom('a', 'b', '1', '2', '.', ' ', 'é', 'अ'),
  minLength: 1,
  maxLength: 3,
});
const mcq = fc
  .uniqueArray(choice, { minLength: 2, maxLength: 5 })
  .chain((choices) =>
    fc.record({
      choices: fc.constant(choices),
      ansIndex: fc.integer({ min: 0, max: choices.length - 1 }),
      dropped: fc.boolean(),
      answer: fc.option(fc.oneof(fc.constantFrom(...choices), choice), { nil: null }),
    }),
  )
  .map(({ answer, ...q }) => ({ question: { ...q, type: 'mcq' as const }, answer }));
const numeric = fc
  .record({
    numericAnswer: smallDecimal,
    tolerance: fc.option(
      fc.oneof(
        smallDecimal.map((t) => t.replace('-', '')),
        fc.constant('0'),
      ),
      {
        nil: null,
      },
    ),
    dropped: fc.boolean(),
    answer: fc.option(numberText, { nil: null }),
  })
  .map(({ answer, ...q }) => ({
    question: { ...q, choices: [] as string[], ansIndex: 0, type: 'numeric' as const },
    answer,
  }));
const mark = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100);
const attempt: fc.Arbitrary<Case> = fc
  .record({
    items: fc.array(fc.oneof(mcq, numeric), { minLength: 0, maxLength: 12 }),
    scheme: fc.record({ correct: mark.filter((m) => m > 0), wrong: mark }),
  })
  .map(({ items, scheme }) => ({
    questions: items.map((item, i) => ({ id: `q${i}`, ...item.question })),
    answers: items.map((item, i) => ({ qnId: `q${i}`, selectedOption: item.answer })),
    scheme,
  }));

describe(`marking and its SQL twin agree (${testDatabaseKind})`, () => {
  it('on generated attempts', async () => {
    await fc.assert(fc.asyncProperty(attempt, expectParity), { numRuns: 300 });
  });

  it('on the numeric edge cases of issue 12 (tolerance bounds, signs, exponents, 18 digits)', async () => {
    const cases: [string | null, string, string | null][] = [
      ['2.5', '2.5', null],
      ['2.50', '2.5', null],
      ['2.49', '2.5', '0.01'],
      ['2.51', '2.5', '0.01'],
      ['2.4899', '2.5', '0.01'],
      ['-0', '0', null],
      ['0.3', '0.1', '0.2'],
      ['100', '99', '0.999'],
      ['abc', '2', '5'],
      ['1e3', '1000', null],
      [null, '2', '1'],
      ['-3.5', '-3.49', '0.01'],
      ['123456789012345678', '123456789012345677', '1'],
      ['1234567890123456789', '1234567890123456789', null],
      [' 2.5 ', '2.5', null],
      ['+.5', '0.5', null],
      ['2.', '2', null],
    ];
    for (const [given, answer, tolerance] of cases) {
      await expectParity({
        questions: [{ id: 'n', choices: [], ansIndex: 0, type: 'numeric', numericAnswer: answer, tolerance }],
        answers: [{ qnId: 'n', selectedOption: given }],
        scheme: { correct: 4, wrong: 1 },
      });
    }
  });

  it('on fractional schemes whose totals round at the half (UPSC +2 / −0.66, IBPS +1 / −0.25)', async () => {
    const questions = Array.from({ length: 9 }, (_, i) => ({
      id: `q${i}`,
      choices: ['a', 'b'],
      ansIndex: 0,
    }));
    for (const scheme of [
      { correct: 2, wrong: 0.66 },
      { correct: 1, wrong: 0.25 },
      { correct: 0.01, wrong: 0.005 },
    ]) {
      for (let right = 0; right <= 9; right++) {
        for (let wrong = 0; wrong + right <= 9; wrong++) {
          const answers = questions.map((q, i) => ({
            qnId: q.id,
            selectedOption: i < right ? 'a' : i < right + wrong ? 'b' : null,
          }));
          await expectParity({ questions, answers, scheme });
        }
      }
    }
  });
});

/** Attempts of one quiz as `rankQuizAttempts` sees them: score, time taken, extra time (ADR 023). */
interface RankCase {
  durationMin: number;
  attempts: { score: number | null; elapsedMs: number | null; extraMs: number }[];
}

async function rankInSql({ durationMin, attempts }: RankCase): Promise<number[]> {
  const rows = attempts.map((a, i) => ({
    ord: i,
    score: a.score,
    elapsed_ms: a.elapsedMs,
    extra_ms: a.extraMs,
  }));
  const [row] = rawRows<{ ranks: number[] | string }>(
    await database.db.execute(sql`
      with ranked as (
        select a.ord, rank() over (order by ${rankOrderSql('a', sql`${durationMin}::int`)}) as r
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as a(ord int, score float8, elapsed_ms int, extra_ms int)
      )
      select coalesce(json_agg(r order by ord), '[]') as ranks from ranked
    `),
  );
  const ranks = typeof row!.ranks === 'string' ? (JSON.parse(row!.ranks) as number[]) : row!.ranks;
  return ranks.map(Number);
}

function rankInTs({ durationMin, attempts }: RankCase): number[] {
  return rankAttempts(
    attempts.map((a) => ({
      score: a.score,
      elapsedMs: a.elapsedMs,
      allowedMs: durationMin * 60_000 + a.extraMs,
    })),
  );
}

const rankCase: fc.Arbitrary<RankCase> = fc.integer({ min: 1, max: 180 }).chain((durationMin) =>
  fc.record({
    durationMin: fc.constant(durationMin),
    attempts: fc.array(
      fc.record({
        score: fc.option(
          fc.integer({ min: -8, max: 8 }).map((n) => n / 4),
          { nil: null },
        ),
        // Whole minutes often, so that shares tie across different allowed times.
        elapsedMs: fc.option(
          fc.oneof(
            fc.integer({ min: 0, max: 240 }).map((m) => m * 60_000),
            fc.integer({ min: 0, max: 240 * 60_000 }),
          ),
          { nil: null },
        ),
        extraMs: fc.constantFrom(0, 0, Math.round((durationMin * 60_000) / 3), 10 * 60_000, 1),
      }),
      { maxLength: 12 },
    ),
  }),
);

describe(`ranking and its SQL twin agree (${testDatabaseKind})`, () => {
  it('on generated attempts with and without compensatory time', async () => {
    await fc.assert(
      fc.asyncProperty(rankCase, async (c) => {
        expect(await rankInSql(c)).toEqual(rankInTs(c));
      }),
      { numRuns: 200 },
    );
  });

  it('compares time per minute allowed: 80 of 80 minutes ties 60 of 60, 40 of 80 beats 40 of 60', async () => {
    const c: RankCase = {
      durationMin: 60,
      attempts: [
        { score: 10, elapsedMs: 60 * 60_000, extraMs: 0 },
        { score: 10, elapsedMs: 80 * 60_000, extraMs: 20 * 60_000 },
        { score: 10, elapsedMs: 40 * 60_000, extraMs: 20 * 60_000 },
        { score: 10, elapsedMs: 40 * 60_000, extraMs: 0 },
        { score: 11, elapsedMs: 79 * 60_000, extraMs: 20 * 60_000 },
      ],
    };
    expect(rankInTs(c)).toEqual([4, 4, 2, 3, 1]);
    expect(await rankInSql(c)).toEqual([4, 4, 2, 3, 1]);
  });
});

/** An attempt as the plausible-time rule reads it: elapsed time and answers, some with server time. */
const timedAttempt = fc.record({
  elapsedMs: fc.option(fc.integer({ min: 0, max: 3_600_000 }), { nil: null }),
  answers: fc.array(
    fc.record(
      {
        qnId: fc.constant('q'),
        selectedOption: fc.option(fc.constantFrom('a', 'b'), { nil: null }),
        serverMs: fc.oneof(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 0, max: 600_000 })),
      },
      { requiredKeys: ['qnId', 'selectedOption'] },
    ),
    { maxLength: 8 },
  ),
});

describe(`the plausible-time rule and its SQL twin agree (${testDatabaseKind})`, () => {
  it('on generated attempts (server time per question, or none recorded; nothing answered; no elapsed time)', async () => {
    await fc.assert(
      fc.asyncProperty(timedAttempt, fc.constantFrom(0, 1, 2000, 2500), async (a, floor) => {
        const [row] = rawRows<{ ranked: number | string | null; implausible: boolean }>(
          await database.db.execute(sql`
            select ${rankedElapsedSql('t', floor)} as ranked, ${implausibleSql('t', floor)} as implausible
            from (select ${a.elapsedMs}::int as elapsed_ms, ${JSON.stringify(a.answers)}::jsonb as answers) t
          `),
        );
        const ts = plausibleTime(a, floor);
        expect([row!.ranked === null ? null : Number(row!.ranked), row!.implausible]).toEqual([
          ts.rankedElapsedMs,
          ts.implausible,
        ]);
      }),
      { numRuns: 200 },
    );
  });

  it("judges by the answered questions' server time when every answer has one, else by the elapsed time", () => {
    const answers = (serverMs?: number) =>
      ['a', 'b', null].map((selectedOption) => ({
        selectedOption,
        ...(serverMs !== undefined && { serverMs }),
      }));
    // The key saved at 30 ms, submitted 5 minutes later: flagged, ranked by its elapsed time.
    expect(plausibleTime({ elapsedMs: 300_030, answers: answers(15) }, 2000)).toMatchObject({
      answeredMs: 30,
      floorMs: 4000,
      rankedElapsedMs: 300_030,
      implausible: true,
    });
    // Exactly the floor: not flagged. Submitted at 30 ms: ranked at the floor.
    expect(plausibleTime({ elapsedMs: 4000, answers: answers(2000) }, 2000).implausible).toBe(false);
    expect(plausibleTime({ elapsedMs: 30, answers: answers(15) }, 2000).rankedElapsedMs).toBe(4000);
    // Saved before per-question time was recorded: the elapsed time decides.
    expect(plausibleTime({ elapsedMs: 3999, answers: answers() }, 2000).implausible).toBe(true);
    expect(plausibleTime({ elapsedMs: 4000, answers: answers() }, 2000).implausible).toBe(false);
  });
});
