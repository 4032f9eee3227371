/**
 * Issue 26's sectional herd (bench/herd-sections-scenario.mjs), outside the measurement: the herd's
 * quiz of 10 questions made sectional as an IBPS-style mock is: two sections of 5 questions, each
 * with its own 90-minute clock, `locked` navigation (in order, no way back), so every autosave passes
 * the section gate (each saved question's section must be open). The whole herd runs inside section
 * 1's clock, so the load generator saves section 1's five answers (`questions` below), one changed per
 * round; verification is the herd's (bench/fixture-verify.ts verifyHerd) over those questions.
 */
import type { Database } from '../apps/server/src/db/client';
import { createQuiz } from '../apps/server/src/seed/factories';
import { createStudents } from './fixture-seed';
import type { Fixture } from './herd-shape.mjs';

const MIN = 60_000;

export async function seedHerdSections(database: Database, students: number): Promise<Fixture> {
  const now = new Date();
  const section = (name: string, nameHi: string) => ({
    name,
    nameHi,
    durationMin: 90,
    markCorrect: null,
    markWrong: null,
    cutoff: null,
  });
  const { quiz, questions } = await createQuiz(
    database.db,
    {
      name: 'Sectional herd quiz',
      durationMin: 180,
      startAt: new Date(now.getTime() - MIN),
      endAt: new Date(now.getTime() + 6 * 60 * MIN),
      sections: [section('Reasoning', 'तर्कशक्ति'), section('Quantitative aptitude', 'संख्यात्मक अभियोग्यता')],
      navigation: 'locked',
    },
    Array.from({ length: 10 }, (_, i) => ({
      qn: `Question ${i + 1}: which option is correct?`,
      choices: ['Option A', 'Option B', 'Option C', 'Option D'],
      ansIndex: i % 4,
      section: i < 5 ? 0 : 1,
    })),
    now,
  );
  const people = await createStudents(database, students, '5', now);
  return {
    scenario: 'herd',
    quizId: quiz.id,
    questions: questions.filter((q) => q.section === 0).map((q) => ({ id: q.id, choices: q.choices })),
    tokens: people.map((p) => p.token),
    userIds: people.map((p) => p.id),
  };
}
