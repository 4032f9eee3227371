import { eq, inArray } from 'drizzle-orm';
import { UNLOCK_PRICE_PAISE } from '@quizcast/contract/constants';
import type { Db, Tx } from '../db/client';
import { appMeta, attempts, quizzes } from '../db/schema';
import { markAttempt } from '../modules/marking/marking';
import { analysisStep } from '../modules/results/publication';
import { buildStudent, createQuiz, type CreatedQuiz } from './factories';
import { DEMO_QUIZZES, type DemoQuizContent } from './question-bank';
import { CAT_MOCK, CAT_MOCK_QUESTIONS } from './cat-mock';
import { IBPS_MOCK, IBPS_MOCK_QUESTIONS } from './ibps-mock';
import { users } from '../db/schema';
import { withKnownFormulas, type RenderedFormula } from '../lib/math-pool';
import type { QuestionSeed } from './factories';

const SEED_KEY = 'demo_seed';

/** Every question set the demo seed inserts (its formulas are rendered by the build: demo-formulas.ts). */
export const DEMO_QUESTION_SETS: readonly (readonly QuestionSeed[])[] = [
  ...DEMO_QUIZZES.map((content) => content.questions),
  IBPS_MOCK_QUESTIONS,
  CAT_MOCK_QUESTIONS,
];
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The demo learner: log in with this number (the code appears in the dev outbox banner). */
export const DEMO_LOGIN_PHONE = '9876543210';

type Scenario = { startOffset: number; endOffset: number; paid: boolean; withResults?: boolean };

/**
 * Windows relative to the seed time, long enough that the demo stays alive for weeks:
 * live now (free and paid), upcoming (today, tomorrow, later), ended (one with published results).
 */
const SCENARIOS: Scenario[] = [
  { startOffset: -2 * HOUR, endOffset: 45 * DAY, paid: false },
  { startOffset: -1 * HOUR, endOffset: 45 * DAY, paid: false },
  { startOffset: -3 * HOUR, endOffset: 45 * DAY, paid: true },
  { startOffset: -30 * 60 * 1000, endOffset: 30 * DAY, paid: false },
  { startOffset: -5 * HOUR, endOffset: 30 * DAY, paid: true },
  { startOffset: -1 * DAY, endOffset: 60 * DAY, paid: false },
  { startOffset: 3 * HOUR, endOffset: 10 * DAY, paid: false },
  { startOffset: 1 * DAY + 2 * HOUR, endOffset: 12 * DAY, paid: true },
  { startOffset: 4 * DAY, endOffset: 20 * DAY, paid: false },
  { startOffset: -9 * DAY, endOffset: -2 * DAY, paid: false, withResults: true },
  { startOffset: -20 * DAY, endOffset: -15 * DAY, paid: false, withResults: true },
  { startOffset: -12 * DAY, endOffset: -6 * DAY, paid: true },
  { startOffset: -6 * HOUR, endOffset: 20 * DAY, paid: false },
  { startOffset: -2 * DAY, endOffset: 40 * DAY, paid: false },
];

const PARTICIPANT_NAMES = [
  'Aarav Sharma',
  'Diya Patel',
  'Ishaan Reddy',
  'Ananya Iyer',
  'Vihaan Gupta',
  'Saanvi Nair',
  'Arjun Singh',
  'Meera Joshi',
  'Kabir Khan',
  'Priya Menon',
  'Rohan Das',
  'Kavya Rao',
  'Aditya Verma',
  'Nisha Kulkarni',
  'Siddharth Bose',
  'Tanvi Desai',
  'Harsh Chauhan',
  'Pooja Pillai',
  'Manish Yadav',
  'Sneha Banerjee',
  'Rahul Mishra',
  'Lakshmi Subramanian',
  'Farhan Ali',
] as const;
const PLACES = [
  'Delhi',
  'Mumbai',
  'Chennai',
  'Kolkata',
  'Bengaluru',
  'Hyderabad',
  'Jaipur',
  'Lucknow',
  'Patna',
];

/** Small deterministic PRNG so the demo's results are the same on every machine. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard competition rank over (score desc, elapsed asc): ties share a rank, "1, 2, 2, 4". */
export function competitionRanks<T extends { score: number; elapsedMs: number }>(
  rows: T[],
): (T & { rank: number })[] {
  const sorted = [...rows].sort((a, b) => b.score - a.score || a.elapsedMs - b.elapsedMs);
  let rank = 0;
  return sorted.map((row, i) => {
    const prev = sorted[i - 1];
    if (!prev || prev.score !== row.score || prev.elapsedMs !== row.elapsedMs) rank = i + 1;
    return { ...row, rank };
  });
}

async function seedResults(db: Tx, created: CreatedQuiz, content: DemoQuizContent, rng: () => number) {
  const { quiz, questions } = created;
  const people = [
    { phNo: DEMO_LOGIN_PHONE, name: 'Asha Verma', place: 'Varanasi' },
    ...PARTICIPANT_NAMES.map((name, i) => ({
      phNo: `90000${String(i + 1).padStart(5, '0')}`,
      name,
      place: PLACES[i % PLACES.length]!,
    })),
  ];
  await db
    .insert(users)
    .values(people.map((p) => buildStudent({ ...p, school: 'Demo Academy', class: content.class })))
    .onConflictDoNothing({ target: users.phNo });
  // The same people take every demo quiz with results (so the demo learner has a trend to look at).
  const order = new Map(people.map((p, i) => [p.phNo, i]));
  const students = (
    await db
      .select()
      .from(users)
      .where(
        inArray(
          users.phNo,
          people.map((p) => p.phNo),
        ),
      )
  ).sort((a, b) => order.get(a.phNo)! - order.get(b.phNo)!);

  // Time on screen per question from its own generator, so the scores above stay as they were.
  const timing = mulberry32(quiz.durationMin * 7919 + questions.length);
  const rows = students.map((student) => {
    const skill = 0.35 + rng() * 0.6;
    const answers = questions.map((q) => {
      const roll = rng();
      if (roll > 0.92) return { qnId: q.id, selectedOption: null };
      // A numeric question (issue 12) draws exactly as a multiple-choice one: the right number, or one
      // of the bank's wrong numbers; so every quiz's seeded scores stay as they were.
      const right = q.type === 'numeric' ? q.numericAnswer! : q.choices[q.ansIndex]!;
      const wrong =
        q.type === 'numeric'
          ? (content.questions[q.position]?.wrongAnswers ?? [])
          : q.choices.filter((_, i) => i !== q.ansIndex);
      const pick = roll < skill ? right : wrong[Math.floor(rng() * wrong.length)]!;
      return { qnId: q.id, selectedOption: pick };
    });
    const scored = markAttempt(
      questions.map((q) => ({
        id: q.id,
        choices: q.choices,
        ansIndex: q.ansIndex,
        type: q.type,
        numericAnswer: q.numericAnswer,
        tolerance: q.tolerance,
      })),
      answers,
      { correct: quiz.markCorrect, wrong: quiz.markWrong },
    );
    const startedAt = new Date(quiz.startAt.getTime() + Math.floor(rng() * 2 * DAY));
    const elapsedMs = Math.floor((0.3 + rng() * 0.7) * quiz.durationMin * 60 * 1000);
    return {
      quizId: quiz.id,
      userId: student.id,
      status: 'submitted' as const,
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + quiz.durationMin * 60 * 1000),
      submittedAt: new Date(startedAt.getTime() + elapsedMs),
      answers: answers.map((a) => ({
        qnId: a.qnId,
        selectedOption: a.selectedOption,
        timeSpentMs: Math.round((8 + timing() * 50) * 1000),
      })),
      score: scored.score,
      correctCount: scored.correctCount,
      elapsedMs,
    };
  });
  if (rows.length) await db.insert(attempts).values(competitionRanks(rows));
  // Published results record their participant count (summaries read it instead of counting).
  await db.update(quizzes).set({ participantCount: rows.length }).where(eq(quizzes.id, quiz.id));
  // The analysis (ADR 017) as the step after publication builds it: the answers' narrow form and the
  // item analysis, which progress and the Analysis tab read, and the review cards; whole in one step here.
  await analysisStep(db, quiz.id, quiz.resultsPublishedAt ?? quiz.endAt, null);
}

/**
 * Practice (issue 27): every exam has a quiz with published results, so a new learner's first drill
 * and the Practice list are never empty. An exam whose demo quizzes are all live or upcoming gets a
 * practice set: a copy of its first quiz that ended five weeks ago, published without contest
 * attempts (nothing to rank or analyse, so the seed stays as quick as it was).
 */
async function seedPracticeBank(db: Tx, now: Date): Promise<number> {
  const published = new Set(
    DEMO_QUIZZES.filter((_, i) => SCENARIOS[i % SCENARIOS.length]!.withResults).map((c) => c.exam),
  );
  let made = 0;
  for (const content of DEMO_QUIZZES) {
    if (published.has(content.exam)) continue;
    published.add(content.exam);
    const endAt = new Date(now.getTime() - 35 * DAY);
    await createQuiz(
      db,
      {
        // Named apart from the contest quiz it copies, so a search for that quiz finds it alone.
        name: `${content.exam} practice set: ${content.name.split(': ').pop()}`,
        desc: content.desc,
        exam: content.exam,
        class: content.class,
        durationMin: content.durationMin,
        instructions: content.instructions,
        startAt: new Date(now.getTime() - 40 * DAY),
        endAt,
        resultsPublishedAt: endAt,
        participantCount: 0,
        analysedAt: endAt,
      },
      content.questions,
      now,
    );
    made += 1;
  }
  return made;
}

/**
 * Demo data for `npm start` and `npm run seed`: applied once (idempotent through app_meta),
 * with quiz windows relative to `now` so the demo is alive right after seeding.
 */
export async function seedDemoData(
  db: Db,
  now: Date,
  options: {
    /** The build's rendered formulas (demo-formulas.ts' readDemoFormulas), read only when the seed runs. */
    formulas?: () => Map<string, RenderedFormula> | undefined;
  } = {},
): Promise<{ seeded: boolean; quizzes: number }> {
  return db.transaction(async (tx) => {
    const done = await tx.select().from(appMeta).where(eq(appMeta.key, SEED_KEY)).for('update');
    if (done.length) return { seeded: false, quizzes: 0 };
    const inserted = await tx
      .insert(appMeta)
      .values({ key: SEED_KEY, value: { seededAt: now.toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length) return { seeded: false, quizzes: 0 };
    const known = options.formulas?.();
    if (!known) return seedQuizzes(tx, now);
    return withKnownFormulas(known, () => seedQuizzes(tx, now));
  });
}

async function seedQuizzes(tx: Tx, now: Date): Promise<{ seeded: true; quizzes: number }> {
  // Seed chosen so the demo podium has three different scores (12, 11, 10 of 12) and the demo
  // learner (9876543210) sits mid-table, which shows the summary's rank tiers and percentages well.
  const rng = mulberry32(25);
  let count = 0;
  for (const [i, content] of DEMO_QUIZZES.entries()) {
    const scenario = SCENARIOS[i % SCENARIOS.length]!;
    const startAt = new Date(now.getTime() + scenario.startOffset);
    const endAt = new Date(now.getTime() + scenario.endOffset);
    const created = await createQuiz(
      tx,
      {
        name: content.name,
        desc: content.desc,
        exam: content.exam,
        class: content.class,
        durationMin: content.durationMin,
        instructions: content.instructions,
        startAt,
        endAt,
        pricePaise: scenario.paid ? UNLOCK_PRICE_PAISE : 0,
        resultsPublishedAt: scenario.withResults ? endAt : null,
      },
      content.questions,
      now,
    );
    if (scenario.withResults) await seedResults(tx, created, content, rng);
    count += 1;
  }
  // Issue 26: an IBPS-style sectional mock (locked, timed sections), live for weeks and published:
  // the attempt screen runs its sections (header, own clocks, interstitial, early close).
  const { sections, navigation, markCorrect, markWrong, ...mock } = IBPS_MOCK;
  await createQuiz(
    tx,
    {
      ...mock,
      published: true,
      sections,
      navigation,
      markCorrect,
      markWrong,
      startAt: new Date(now.getTime() - DAY),
      endAt: new Date(now.getTime() + 60 * DAY),
    },
    IBPS_MOCK_QUESTIONS,
    now,
  );
  count += 1;
  // Issue 26: a CAT-style mock from the CAT template (three locked 40-minute sections, +3 / −1),
  // live and published like the IBPS mock above.
  await createQuiz(
    tx,
    {
      ...CAT_MOCK,
      published: true,
      startAt: new Date(now.getTime() - DAY),
      endAt: new Date(now.getTime() + 60 * DAY),
    },
    CAT_MOCK_QUESTIONS,
    now,
  );
  count += 1;
  count += await seedPracticeBank(tx, now);
  return { seeded: true, quizzes: count };
}
