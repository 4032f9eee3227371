import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import {
  attemptMarks,
  attempts,
  itemAnalysis,
  keyCorrections,
  learnerProgress,
  questions,
  quizzes,
  reviewCards,
  users,
  type StoredSection,
  type StoredSectionResult,
} from '../../db/schema';
import { refreshItemAnalysis } from '../item-analysis/item-analysis';

export type QuizRow = typeof quizzes.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type AttemptRow = typeof attempts.$inferSelect;
export type ItemAnalysisRow = typeof itemAnalysis.$inferSelect;
export type KeyCorrectionRow = typeof keyCorrections.$inferSelect;

/** A json(b) column of a raw row: parsed by one driver, text from another. */
function json<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface TrendRow {
  /** How many analysed published quizzes the learner has (the trend holds the last few). */
  total: number;
  quizId: string;
  name: string;
  exam: string;
  publishedAt: Date;
  score: number;
  rank: number;
  participants: number;
  markCorrect: number;
  questionCount: number;
  /** Issue 26: the quiz's sections ([] without), each live question's section, the attempt's section figures. */
  sections: StoredSection[];
  liveSections: (number | null)[];
  sectionResults: StoredSectionResult[] | null;
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
  lapsingTopics: { topic: string; lapses: number }[];
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * The learner's published attempts whose quiz's analysis is whole (ADR 017: set after the ranks
 * commit, so every figure of the progress page covers the same quizzes).
 */
const analysedMine = sql`a.rank is not null and q.results_published_at is not null and q.analysed_at is not null`;

/** The learner's published, analysed attempts as their narrow marks (ADR 017). */
const publishedMine = (userId: string) => sql`
  select a.quiz_id, m.choices, m.times
  from ${attempts} a
  join ${quizzes} q on q.id = a.quiz_id
  join ${attemptMarks} m on m.attempt_id = a.id
  where a.user_id = ${userId} and ${analysedMine}
`;

/** The learner's current progress stamp and their cached page, if any (one round trip). */
export interface ProgressState {
  stamp: string;
  quizzes: number;
  cached: { stamp: string; body: string } | null;
}

/**
 * The version of the cached progress page's shape and arithmetic, part of every stamp: bump it when
 * the page's schema or a figure's computation changes, so no learner is served a page an older
 * deploy made (the stamp otherwise changes only with the learner's data).
 */
export const PROGRESS_FORMAT = 'p2';

export class AnalyticsRepository {
  /** The connection (inside `transaction`, the transaction's), for other modules' writes in the same unit. */
  constructor(readonly db: Db) {}

  /** `fn` gets this repository on the transaction, and the transaction for other modules' steps. */
  transaction<T>(fn: (repo: AnalyticsRepository, tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new AnalyticsRepository(tx), tx));
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

  /**
   * The stamp of what the learner's progress figures read (ADR 017, "Progress"): how many analysed
   * published attempts they have, the sum of those quizzes' `results_version` (bumped by every change
   * the figures depend on) and a sum of the quizzes' id hashes; with their cached page. The stamp is
   * read before any figure, so a cached page is never older than its stamp.
   */
  async progressState(userId: string): Promise<ProgressState> {
    const [row] = rawRows<Record<string, unknown>>(
      await this.db.execute(sql`
        with s as (
          select count(*)::int as n, coalesce(sum(q.results_version), 0)::bigint as v,
                 coalesce(sum(hashtext(q.id::text)::bigint), 0)::bigint as h
          from ${attempts} a
          join ${quizzes} q on q.id = a.quiz_id
          where a.user_id = ${userId} and ${analysedMine}
        )
        select s.n, s.n || '.' || s.v || '.' || s.h as stamp, lp.stamp as cached_stamp, lp.body
        from s left join ${learnerProgress} lp on lp.user_id = ${userId}
      `),
    );
    return {
      stamp: `${PROGRESS_FORMAT}.${String(row?.stamp)}`,
      quizzes: num(row?.n),
      cached:
        row?.cached_stamp === null || row?.cached_stamp === undefined
          ? null
          : { stamp: String(row.cached_stamp), body: String(row.body) },
    };
  }

  async saveProgress(userId: string, stamp: string, body: string, now: Date): Promise<void> {
    await this.db
      .insert(learnerProgress)
      .values({ userId, stamp, body, computedAt: now })
      .onConflictDoUpdate({ target: learnerProgress.userId, set: { stamp, body, computedAt: now } });
  }

  /** The learner's last `limit` analysed published quizzes, oldest first. */
  async trend(userId: string, limit: number): Promise<TrendRow[]> {
    const rows = rawRows<Record<string, unknown>>(
      await this.db.execute(sql`
        select * from (
          select count(*) over () as total, a.quiz_id, q.name, q.exam, q.results_published_at, q.end_at, a.score, a.rank,
                 coalesce(q.participant_count, 0) as participants, q.mark_correct,
                 (select count(*) from ${questions} qs where qs.quiz_id = q.id and qs.dropped_at is null) as question_count,
                 q.sections, a.section_results,
                 case when jsonb_array_length(q.sections) > 0 then
                   (select json_agg(qs.section) from ${questions} qs where qs.quiz_id = q.id and qs.dropped_at is null)
                 end as live_sections
          from ${attempts} a
          join ${quizzes} q on q.id = a.quiz_id
          where a.user_id = ${userId} and ${analysedMine}
          order by q.results_published_at desc, q.end_at desc, q.id desc
          limit ${limit}
        ) last
        order by results_published_at asc, end_at asc, quiz_id asc
      `),
    );
    return rows.map((r) => ({
      total: num(r.total),
      quizId: String(r.quiz_id),
      name: String(r.name),
      exam: String(r.exam),
      publishedAt: new Date(r.results_published_at as string | Date),
      score: num(r.score),
      rank: num(r.rank),
      participants: num(r.participants),
      markCorrect: num(r.mark_correct),
      questionCount: num(r.question_count),
      sections: json<StoredSection[]>(r.sections) ?? [],
      liveSections: json<(number | null)[]>(r.live_sections) ?? [],
      sectionResults: json<StoredSectionResult[]>(r.section_results),
    }));
  }

  /**
   * Every question of the learner's published quizzes (dropped ones excluded), joined with their
   * narrow marks (choice index and time, by question order) and the quiz's materialised top-10% median
   * time, summed per (exam, topic) in SQL. A mark is right when it equals the key (ADR 017).
   */
  async answerGroups(userId: string): Promise<AnswerGroupRow[]> {
    const rows = rawRows<Record<string, unknown>>(
      await this.db.execute(sql`
        with mine as (${publishedMine(userId)}),
        qs as (
          select qs.quiz_id, qs.id, qs.topic, qs.ans_index, qs.dropped_at,
                 row_number() over (partition by qs.quiz_id order by qs.position) as ord
          from ${questions} qs
          where qs.quiz_id in (select quiz_id from mine)
        ), per_q as (
          select qz.exam, qs.topic, m.choices[qs.ord] as sel, m.times[qs.ord]::float8 as t,
                 coalesce(m.choices[qs.ord] = qs.ans_index, false) as is_correct,
                 ia.top10_median_time_ms as top10
          from mine m
          join ${quizzes} qz on qz.id = m.quiz_id
          join qs on qs.quiz_id = m.quiz_id and qs.dropped_at is null
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

  /**
   * Spaced-repetition figures (cards from the recall feature), read live on every request, with the
   * `limit` topics that lapse most, in one statement.
   */
  async recall(userId: string, now: Date, limit: number): Promise<RecallRow> {
    const [row] = rawRows<Record<string, unknown>>(
      await this.db.execute(sql`
        select (select count(*) from review_cards where user_id = ${userId}) as cards,
               (select count(*) from review_cards where user_id = ${userId} and due <= ${now.toISOString()}::timestamptz) as due,
               (select count(*) from review_logs where user_id = ${userId}) as reviews,
               (select count(*) from review_logs where user_id = ${userId} and rating > 1) as remembered,
               (select coalesce(json_agg(json_build_object('topic', l.topic, 'lapses', l.lapses)
                                         order by l.lapses desc, l.topic asc), '[]')
                from (
                  select q.topic, sum(c.lapses)::int as lapses
                  from review_cards c join ${questions} q on q.id = c.question_id
                  where c.user_id = ${userId} and c.lapses > 0 and q.topic is not null
                  group by q.topic
                  order by sum(c.lapses) desc, q.topic asc
                  limit ${limit}
                ) l) as lapsing
      `),
    );
    const lapsing = (typeof row?.lapsing === 'string' ? JSON.parse(row.lapsing) : (row?.lapsing ?? [])) as {
      topic: string;
      lapses: number;
    }[];
    return {
      cards: num(row?.cards),
      due: num(row?.due),
      reviews: num(row?.reviews),
      remembered: num(row?.remembered),
      lapsingTopics: lapsing.map((l) => ({ topic: String(l.topic), lapses: num(l.lapses) })),
    };
  }

  // ---- key correction ------------------------------------------------------------------------------

  async setKey(questionId: string, ansIndex: number | null, droppedAt: Date | null): Promise<void> {
    await this.db
      .update(questions)
      .set(ansIndex === null ? { droppedAt } : { ansIndex, droppedAt })
      .where(eq(questions.id, questionId));
  }

  /**
   * A dropped question stops feeding spaced repetition: its cards leave every learner's queue
   * (suspended, like a leech) in the correction's transaction. Returns how many were suspended.
   */
  async suspendCardsOf(questionId: string, now: Date): Promise<number> {
    // The update's row trigger adjusts each learner's review_card_counts row (migration 0026) in the
    // order it meets the cards; a publication's insert trigger locks the same rows in user order.
    // Locking them here first, in user order, keeps the two from deadlocking.
    await this.db.execute(sql`
      select 1 from review_card_counts
      where user_id in (
        select user_id from review_cards where question_id = ${questionId} and suspended_at is null
      )
      order by user_id
      for update`);
    const rows = await this.db
      .update(reviewCards)
      .set({ suspendedAt: now })
      .where(and(eq(reviewCards.questionId, questionId), isNull(reviewCards.suspendedAt)))
      .returning({ id: reviewCards.id });
    return rows.length;
  }

  async recordCorrection(values: typeof keyCorrections.$inferInsert): Promise<KeyCorrectionRow> {
    const [row] = await this.db.insert(keyCorrections).values(values).returning();
    return row!;
  }

  /** Marks the quiz changed, for cached quiz copies (`updatedAt`) and cached progress pages (`resultsVersion`). */
  async touchQuiz(quizId: string, now: Date): Promise<void> {
    // Always a new version, even for a second correction in the same millisecond (or on a stopped
    // clock): a copy held at the old version (a running practice's) must never match it again.
    await this.db
      .update(quizzes)
      .set({
        updatedAt: sql`greatest(${quizzes.updatedAt} + interval '1 millisecond', ${now.toISOString()}::timestamptz)`,
        resultsVersion: sql`${quizzes.resultsVersion} + 1`,
      })
      .where(eq(quizzes.id, quizId));
  }
}
