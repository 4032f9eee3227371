import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { answerIsCorrectSql } from '../../db/answer-is-correct';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { attempts, itemAnalysis, keyCorrections, questions, quizzes, users } from '../../db/schema';
import { rankQuizAttempts } from '../results/results.repository';
import { refreshItemAnalysis } from './item-analysis';

export type QuizRow = typeof quizzes.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type AttemptRow = typeof attempts.$inferSelect;
export type ItemAnalysisRow = typeof itemAnalysis.$inferSelect;
export type KeyCorrectionRow = typeof keyCorrections.$inferSelect;

export interface TrendRow {
  quizId: string;
  name: string;
  exam: string;
  publishedAt: Date;
  score: number;
  rank: number;
  participants: number;
  markCorrect: number;
  questionCount: number;
}

/** One learner's answers summed per (exam, topic), over published attempts only. */
export interface AnswerGroupRow {
  exam: string;
  topic: string | null;
  questions: number;
  attempted: number;
  correct: number;
  timedCount: number;
  timedSumMs: number;
  /** Over timed questions that also have a top-10% median. */
  comparedCount: number;
  comparedYourSumMs: number;
  comparedTop10SumMs: number;
}

export interface RecallRow {
  cards: number;
  due: number;
  reviews: number;
  remembered: number;
}

const num = (v: unknown) => Number(v ?? 0);

/** The learner's published attempts (results out and ranked). */
const publishedMine = (userId: string) => sql`
  select a.quiz_id, a.answers
  from ${attempts} a
  join ${quizzes} q on q.id = a.quiz_id
  where a.user_id = ${userId} and a.rank is not null and q.results_published_at is not null
`;

export class AnalyticsRepository {
  /** The connection (inside `transaction`, the transaction's), for other modules' writes in the same unit. */
  constructor(readonly db: Db) {}

  transaction<T>(fn: (repo: AnalyticsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new AnalyticsRepository(tx as unknown as Db)));
  }

  async findQuiz(quizId: string): Promise<QuizRow | undefined> {
    const [row] = await this.db.select().from(quizzes).where(eq(quizzes.id, quizId)).limit(1);
    return row;
  }

  /** The quiz row, locked until the transaction ends: key corrections of one quiz run one at a time. */
  async lockQuiz(quizId: string): Promise<QuizRow | undefined> {
    const [row] = await this.db.select().from(quizzes).where(eq(quizzes.id, quizId)).for('update').limit(1);
    return row;
  }

  async findAttempt(quizId: string, userId: string): Promise<AttemptRow | undefined> {
    const [row] = await this.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, userId)))
      .limit(1);
    return row;
  }

  async questionsOf(quizId: string): Promise<QuestionRow[]> {
    return this.db
      .select()
      .from(questions)
      .where(eq(questions.quizId, quizId))
      .orderBy(asc(questions.position));
  }

  async itemRows(quizId: string): Promise<ItemAnalysisRow[]> {
    return this.db.select().from(itemAnalysis).where(eq(itemAnalysis.quizId, quizId));
  }

  async refreshItems(quizId: string, now: Date): Promise<void> {
    await refreshItemAnalysis(this.db, quizId, now);
  }

  async corrections(quizId: string): Promise<(KeyCorrectionRow & { adminName: string | null })[]> {
    const rows = await this.db
      .select({ c: keyCorrections, adminName: users.name })
      .from(keyCorrections)
      .leftJoin(users, eq(users.id, keyCorrections.adminId))
      .where(eq(keyCorrections.quizId, quizId))
      .orderBy(desc(keyCorrections.createdAt), desc(keyCorrections.id));
    return rows.map((r) => ({ ...r.c, adminName: r.adminName }));
  }

  // ---- learner progress ------------------------------------------------------------------------

  async trend(userId: string): Promise<TrendRow[]> {
    const rows = rawRows<Record<string, unknown>>(
      await this.db.execute(sql`
        select a.quiz_id, q.name, q.exam, q.results_published_at, a.score, a.rank,
               coalesce(q.participant_count, 0) as participants, q.mark_correct,
               (select count(*) from ${questions} qs where qs.quiz_id = q.id and qs.dropped_at is null) as question_count
        from ${attempts} a
        join ${quizzes} q on q.id = a.quiz_id
        where a.user_id = ${userId} and a.rank is not null and q.results_published_at is not null
        order by q.results_published_at asc, q.end_at asc, q.id asc
      `),
    );
    return rows.map((r) => ({
      quizId: String(r.quiz_id),
      name: String(r.name),
      exam: String(r.exam),
      publishedAt: new Date(r.results_published_at as string | Date),
      score: num(r.score),
      rank: num(r.rank),
      participants: num(r.participants),
      markCorrect: num(r.mark_correct),
      questionCount: num(r.question_count),
    }));
  }

  /**
   * Every question of the learner's published quizzes (dropped ones excluded), joined with their saved
   * answer and the quiz's materialised top-10% median time, summed per (exam, topic) in SQL.
   */
  async answerGroups(userId: string): Promise<AnswerGroupRow[]> {
    const rows = rawRows<Record<string, unknown>>(
      await this.db.execute(sql`
        with mine as (${publishedMine(userId)}),
        ans as (
          select m.quiz_id, x->>'qnId' as qn_id, x->>'selectedOption' as sel,
                 case when jsonb_typeof(x->'timeSpentMs') = 'number' then (x->>'timeSpentMs')::float8 end as t
          from mine m, jsonb_array_elements(m.answers) x
        ), per_q as (
          select qz.exam, qs.topic, a.sel, a.t, ${answerIsCorrectSql('qs', sql`a.sel`)} as is_correct,
                 ia.top10_median_time_ms as top10
          from mine m
          join ${quizzes} qz on qz.id = m.quiz_id
          join ${questions} qs on qs.quiz_id = m.quiz_id and qs.dropped_at is null
          left join ans a on a.quiz_id = m.quiz_id and a.qn_id = qs.id::text
          left join ${itemAnalysis} ia on ia.quiz_id = qs.quiz_id and ia.question_id = qs.id
        )
        select exam, topic,
               count(*) as questions,
               count(*) filter (where sel is not null) as attempted,
               count(*) filter (where is_correct) as correct,
               count(t) as timed_count,
               coalesce(sum(t), 0) as timed_sum,
               count(*) filter (where t is not null and top10 is not null) as compared_count,
               coalesce(sum(t) filter (where top10 is not null), 0) as compared_your_sum,
               coalesce(sum(top10) filter (where t is not null), 0) as compared_top10_sum
        from per_q
        group by exam, topic
      `),
    );
    return rows.map((r) => ({
      exam: String(r.exam),
      topic: (r.topic as string | null) ?? null,
      questions: num(r.questions),
      attempted: num(r.attempted),
      correct: num(r.correct),
      timedCount: num(r.timed_count),
      timedSumMs: num(r.timed_sum),
      comparedCount: num(r.compared_count),
      comparedYourSumMs: num(r.compared_your_sum),
      comparedTop10SumMs: num(r.compared_top10_sum),
    }));
  }

  /** Spaced-repetition figures (cards from the recall feature), when there are any. */
  async recall(userId: string, now: Date): Promise<RecallRow> {
    const [row] = rawRows<Record<string, unknown>>(
      await this.db.execute(sql`
        select (select count(*) from review_cards where user_id = ${userId}) as cards,
               (select count(*) from review_cards where user_id = ${userId} and due <= ${now.toISOString()}::timestamptz) as due,
               (select count(*) from review_logs where user_id = ${userId}) as reviews,
               (select count(*) from review_logs where user_id = ${userId} and rating > 1) as remembered
      `),
    );
    return {
      cards: num(row?.cards),
      due: num(row?.due),
      reviews: num(row?.reviews),
      remembered: num(row?.remembered),
    };
  }

  async lapsingTopics(userId: string, limit: number): Promise<{ topic: string; lapses: number }[]> {
    const rows = rawRows<Record<string, unknown>>(
      await this.db.execute(sql`
        select q.topic, sum(c.lapses) as lapses
        from review_cards c join ${questions} q on q.id = c.question_id
        where c.user_id = ${userId} and c.lapses > 0 and q.topic is not null
        group by q.topic
        order by sum(c.lapses) desc, q.topic asc
        limit ${limit}
      `),
    );
    return rows.map((r) => ({ topic: String(r.topic), lapses: num(r.lapses) }));
  }

  // ---- key correction ------------------------------------------------------------------------------

  async setKey(questionId: string, ansIndex: number | null, droppedAt: Date | null): Promise<void> {
    await this.db
      .update(questions)
      .set(ansIndex === null ? { droppedAt } : { ansIndex, droppedAt })
      .where(eq(questions.id, questionId));
  }

  /**
   * Re-scores every submitted attempt of the quiz in one statement, the way `scoreAttempt` does:
   * a right saved answer (`answerIsCorrectSql`: the keyed choice's text, or a number within the
   * tolerance) earns `mark_correct`, any other saved answer costs `mark_wrong`, dropped questions
   * count for nothing, rounded to 2 decimals.
   */
  async rescore(quizId: string): Promise<number> {
    const rows = rawRows<{ n: number }>(
      await this.db.execute(sql`
        with tally as (
          -- Each saved answer against its (not dropped) question, judged like scoreAttempt.
          select a.id,
                 count(*) filter (where q.id is not null and x."selectedOption" is not null
                                   and ${answerIsCorrectSql('q', sql`x."selectedOption"`)}) as c,
                 count(*) filter (where q.id is not null and x."selectedOption" is not null
                                   and not ${answerIsCorrectSql('q', sql`x."selectedOption"`)}) as w
          from ${attempts} a
          left join lateral jsonb_to_recordset(a.answers) as x("qnId" text, "selectedOption" text) on true
          left join ${questions} q on q.quiz_id = ${quizId} and q.dropped_at is null and q.id::text = x."qnId"
          where a.quiz_id = ${quizId} and a.status in ('submitted', 'auto_submitted')
          group by a.id
        ), updated as (
          update ${attempts} a
          set score = floor((t.c * qz.mark_correct - t.w * qz.mark_wrong) * 100 + 0.5) / 100,
              correct_count = t.c
          from tally t, ${quizzes} qz
          where a.id = t.id and qz.id = ${quizId}
          returning 1
        )
        select count(*)::int as n from updated
      `),
    );
    return num(rows[0]?.n);
  }

  async rank(quizId: string): Promise<number> {
    return rankQuizAttempts(this.db, quizId);
  }

  async recordCorrection(values: typeof keyCorrections.$inferInsert): Promise<KeyCorrectionRow> {
    const [row] = await this.db.insert(keyCorrections).values(values).returning();
    return row!;
  }

  async touchQuiz(quizId: string, now: Date): Promise<void> {
    await this.db.update(quizzes).set({ updatedAt: now }).where(eq(quizzes.id, quizId));
  }
}
