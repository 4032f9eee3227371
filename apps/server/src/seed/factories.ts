import type { Db } from '../db/client';
import { attempts, questions, quizzes, users } from '../db/schema';
import { renderQuestionMath } from '../lib/question-math';

/** Factories typed from the schema, shared by the demo seed, tests and benchmarks. */

type UserInsert = typeof users.$inferInsert;
type QuizInsert = typeof quizzes.$inferInsert;
type QuestionInsert = typeof questions.$inferInsert;
type AttemptInsert = typeof attempts.$inferInsert;

export type UserRow = typeof users.$inferSelect;
export type QuizRow = typeof quizzes.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type AttemptRow = typeof attempts.$inferSelect;

let sequence = 0;
const next = () => ++sequence;

/** A unique, valid 10-digit phone number (starts with 7, never a real-looking prefix clash in tests). */
export function uniquePhone(): string {
  const n = (Date.now() % 1_000_000) * 1000 + (next() % 1000);
  return `7${String(n).padStart(9, '0').slice(-9)}`;
}

export function buildStudent(overrides: Partial<UserInsert> = {}): UserInsert {
  const n = next();
  return {
    phNo: uniquePhone(),
    name: `Student ${n}`,
    place: 'Pune',
    school: 'Fergusson College',
    class: 'Preparing for Competitive exams',
    ...overrides,
  };
}

export async function createStudent(db: Db, overrides: Partial<UserInsert> = {}): Promise<UserRow> {
  const [row] = await db.insert(users).values(buildStudent(overrides)).returning();
  return row!;
}

export interface QuestionSeed {
  qn: string;
  choices: string[];
  ansIndex: number;
  explanation?: string | null;
  lang?: 'en' | 'hi';
  topic?: string | null;
  /** A numeric-answer question (issue 12): `choices` [] and the key in `numericAnswer` (canonical text). */
  type?: 'mcq' | 'numeric';
  numericAnswer?: string | null;
  tolerance?: string | null;
  /** Optional Hindi version (issue 12). */
  qnHi?: string | null;
  choicesHi?: string[] | null;
  explanationHi?: string | null;
  /** Index into the quiz's sections (issue 26). */
  section?: number | null;
}

export function buildQuestions(count: number): QuestionSeed[] {
  return Array.from({ length: count }, (_, i) => ({
    qn: `What is ${i + 2} + ${i + 3}?`,
    choices: [String(2 * i + 5), String(2 * i + 6), String(2 * i + 4), String(2 * i + 7)],
    ansIndex: 0,
    explanation: `${i + 2} + ${i + 3} = ${2 * i + 5}.`,
  }));
}

export function buildQuiz(overrides: Partial<QuizInsert> = {}, now: Date = new Date()): QuizInsert {
  const n = next();
  return {
    name: `Practice quiz ${n}`,
    desc: 'A short practice quiz.',
    exam: 'SSC',
    class: 'Preparing for Competitive exams',
    durationMin: 10,
    startAt: new Date(now.getTime() - 60 * 60 * 1000),
    endAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    pricePaise: 0,
    instructions: ['Each question has exactly one correct answer.'],
    ...overrides,
  };
}

export interface CreatedQuiz {
  quiz: QuizRow;
  questions: QuestionRow[];
}

/** Insert a quiz and its questions (10 simple ones unless given). */
export async function createQuiz(
  db: Db,
  overrides: Partial<QuizInsert> = {},
  questionSeeds: QuestionSeed[] = buildQuestions(10),
  now: Date = new Date(),
): Promise<CreatedQuiz> {
  const [quiz] = await db.insert(quizzes).values(buildQuiz(overrides, now)).returning();
  const rows: QuestionInsert[] = [];
  for (const [position, q] of questionSeeds.entries()) {
    // Formulas are rendered as the admin API would (ADR 019); a broken one in seed data is a bug.
    const { math, problems } = await renderQuestionMath(q, `Question ${position + 1}`);
    if (problems.length) throw new Error(problems.join('; '));
    rows.push({
      quizId: quiz!.id,
      position,
      qn: q.qn,
      choices: q.choices,
      ansIndex: q.ansIndex,
      explanation: q.explanation ?? null,
      lang: q.lang ?? 'en',
      topic: q.topic ?? null,
      type: q.type ?? 'mcq',
      numericAnswer: q.numericAnswer ?? null,
      tolerance: q.tolerance ?? null,
      qnHi: q.qnHi ?? null,
      choicesHi: q.choicesHi ?? null,
      explanationHi: q.explanationHi ?? null,
      math,
      section: q.section ?? null,
    });
  }
  const inserted = rows.length ? await db.insert(questions).values(rows).returning() : [];
  return { quiz: quiz!, questions: inserted.sort((a, b) => a.position - b.position) };
}

export async function createAttempt(db: Db, values: AttemptInsert): Promise<AttemptRow> {
  const [row] = await db.insert(attempts).values(values).returning();
  return row!;
}
