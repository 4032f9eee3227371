import { sql } from 'drizzle-orm';
import type { PracticeProgressResponse } from '@quizcast/contract/schemas/practice';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/raw-rows';

/** The label of questions without a topic (as the contest's accuracy by topic says it). */
export const PRACTICE_NO_TOPIC = 'No topic';

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * What the progress page shows of practice (issue 27), apart from contest attempts: two small
 * indexed reads of the learner's own rows (`practice_attempts_user_idx`, the primary key of
 * `practice_question_state`), computed in SQL.
 */
export class PracticeProgressRepository {
  constructor(private readonly db: Db) {}

  async counts(userId: string): Promise<{ quizPractices: number; drills: number }> {
    const [row] = rawRows<{ quiz: number; drill: number }>(
      await this.db.execute(sql`
        select count(*) filter (where kind = 'quiz')::int as quiz,
               count(*) filter (where kind = 'drill')::int as drill
        from practice_attempts where user_id = ${userId} and status = 'submitted'`),
    );
    return { quizPractices: Number(row?.quiz ?? 0), drills: Number(row?.drill ?? 0) };
  }

  /** Per topic: questions answered in practice and how many were right the last time. */
  async byTopic(userId: string): Promise<{ topic: string | null; questions: number; correct: number }[]> {
    const rows = rawRows<{ topic: string | null; n: number; correct: number }>(
      await this.db.execute(sql`
        select q.topic, count(*)::int as n, count(*) filter (where s.last_correct)::int as correct
        from practice_question_state s join questions q on q.id = s.question_id
        where s.user_id = ${userId}
        group by q.topic`),
    );
    return rows.map((r) => ({ topic: r.topic, questions: Number(r.n), correct: Number(r.correct) }));
  }
}

/** The practice part of the progress page, weakest topic first (as the contest's accuracy sorts). */
export async function practiceProgress(
  repo: PracticeProgressRepository,
  userId: string,
): Promise<PracticeProgressResponse> {
  const [counts, topics] = await Promise.all([repo.counts(userId), repo.byTopic(userId)]);
  const questions = topics.reduce((s, r) => s + r.questions, 0);
  const correct = topics.reduce((s, r) => s + r.correct, 0);
  const byTopic = topics
    .map((r) => ({
      label: r.topic ?? PRACTICE_NO_TOPIC,
      questions: r.questions,
      correct: r.correct,
      accuracy: pct(r.correct, r.questions),
    }))
    .sort((a, b) => a.accuracy - b.accuracy || b.questions - a.questions || a.label.localeCompare(b.label));
  return { ...counts, questions, correct, accuracy: questions ? pct(correct, questions) : null, byTopic };
}
