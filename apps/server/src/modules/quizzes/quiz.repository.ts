import type { QuestionType } from '@quizcast/contract/domain/numeric-answer';
import { and, asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attempts,
  questions,
  quizTimeOverrides,
  quizzes,
  users,
  type StoredQuestionMath,
} from '../../db/schema';
import { allowedDurationSql, MINUTE_MS, type LearnerAllowance } from './attempt-rules';
import { unlockedExpression } from './unlock-rule';

export type QuizRow = typeof quizzes.$inferSelect;

/** A question with its answer: validation, scoring and (without ansIndex) the attempt payload. */
export interface QuizQuestion {
  id: string;
  qn: string;
  choices: string[];
  ansIndex: number;
  lang: 'en' | 'hi';
  audioKey: string | null;
  type: QuestionType;
  numericAnswer: string | null;
  tolerance: string | null;
  /** Hindi version and rendered formulas (ADR 019); explanations are stripped before sending. */
  qnHi: string | null;
  choicesHi: string[] | null;
  math: StoredQuestionMath | null;
  /** Index into the quiz's sections (ADR 022); null in a quiz without sections. */
  section: number | null;
}

/** A question with its answer, for validation and scoring on the server only. */
export interface ScoringQuestion {
  id: string;
  choices: string[];
  ansIndex: number;
  /** Numeric questions (issue 12): the answer is `numericAnswer` ± `tolerance`, saved as number text. */
  type: QuestionType;
  numericAnswer: string | null;
  tolerance: string | null;
  /** Index into the quiz's sections (ADR 022); null or absent: none. */
  section?: number | null;
}

export type AttemptRow = typeof attempts.$inferSelect;

const userIdParam = sql.placeholder('userId');
const quizIdParam = sql.placeholder('quizId');

/**
 * The hot queries, built once and prepared (named statements, parsed once per connection): an
 * exam-day herd runs them thousands of times a second, and building a Drizzle query costs more
 * CPU than PostgreSQL spends answering it.
 */
function prepareQueries(db: Db) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  // The start of an attempt, inside the statement that reads the quiz: inserted only when the quiz
  // is published, open at `now` and unlocked for the user (the same rules as the service's checks,
  // which still decide the answer when nothing was inserted); the unique (quiz, user) key keeps it
  // to one attempt. Allowed = `allowedDurationSql` (ADR 023: compensatory time from the profile, an
  // admin's extra minutes), stored as `extra_ms` beyond the duration; deadline = min(start + allowed,
  // quiz end), as `attemptDeadline`.
  const durationMs = sql`"quizzes"."duration_min"::bigint * ${MINUTE_MS}`;
  const allowed = allowedDurationSql(
    durationMs,
    sql`(select u.compensatory_time from ${users} u where u.id = ${userIdParam}::uuid)`,
    sql`(select o.extra_minutes from ${quizTimeOverrides} o
         where o.quiz_id = "quizzes"."id" and o.user_id = ${userIdParam}::uuid)`,
  );
  const started = db.$with('started', getTableColumns(attempts)).as(sql`
    insert into ${attempts} (quiz_id, user_id, status, started_at, deadline_at, extra_ms, answers)
    select "quizzes"."id", ${userIdParam}::uuid, 'in_progress', ${now},
           least(${now} + allowed.ms * interval '1 millisecond', "quizzes"."end_at"),
           allowed.ms - ${durationMs}, '[]'::jsonb
    from ${quizzes} cross join lateral (select ${allowed} as ms) allowed
    where "quizzes"."id" = ${quizIdParam} and "quizzes"."published"
      and "quizzes"."start_at" <= ${now} and "quizzes"."end_at" > ${now}
      and ${unlockedExpression(userIdParam)}
    on conflict (quiz_id, user_id) do nothing
    returning *`);
  const startedColumns = Object.fromEntries(
    Object.keys(getTableColumns(attempts)).map((key) => [key, started[key as keyof typeof started]]),
  ) as unknown as ReturnType<typeof getTableColumns<typeof attempts>>;
  return {
    /**
     * The attempt screen's first fetch in one round trip: the quiz, the user's attempt as it was
     * before the statement, whether the quiz is unlocked, and the attempt this statement started
     * (when there was none and the quiz is open and unlocked).
     */
    startForParticipant: db
      .with(started)
      .select({
        quiz: quizzes,
        attempt: attempts,
        started: startedColumns,
        unlocked: unlockedExpression(userIdParam),
      })
      .from(quizzes)
      .leftJoin(attempts, and(eq(attempts.quizId, quizzes.id), eq(attempts.userId, userIdParam)))
      .leftJoin(started, sql`true`)
      .where(and(eq(quizzes.id, quizIdParam), eq(quizzes.published, true)))
      .limit(1)
      .prepare('quiz_start_for_participant'),
    findForParticipant: db
      .select({ quiz: quizzes, attempt: attempts, unlocked: unlockedExpression(userIdParam) })
      .from(quizzes)
      .leftJoin(attempts, and(eq(attempts.quizId, quizzes.id), eq(attempts.userId, userIdParam)))
      .where(and(eq(quizzes.id, quizIdParam), eq(quizzes.published, true)))
      .limit(1)
      .prepare('quiz_for_participant'),
  };
}

/** The only code of a learner's quiz and attempt start that talks to Drizzle (the list: quiz-list.repository.ts). */
export class QuizRepository {
  private readonly prepared: ReturnType<typeof prepareQueries>;

  constructor(private readonly db: Db) {
    this.prepared = prepareQueries(db);
  }

  /**
   * A published quiz with this user's attempt (if any) and whether it is unlocked for them,
   * in one query (the attempt screen's hot path).
   */
  async findForParticipant(
    quizId: string,
    userId: string,
  ): Promise<{ quiz: QuizRow; attempt: AttemptRow | null; unlocked: boolean } | undefined> {
    const [row] = await this.prepared.findForParticipant.execute({ quizId, userId });
    return row && { quiz: row.quiz, attempt: row.attempt, unlocked: row.unlocked === true };
  }

  /**
   * As `findForParticipant`, and in the same statement the user's attempt is started at `now` when
   * there is none and the quiz is open and unlocked (`started`). `attempt` is what existed before;
   * both are null when the quiz was closed or locked, or a concurrent start of the same user won
   * (then `AttemptRepository.find` sees that one).
   */
  async startForParticipant(
    quizId: string,
    userId: string,
    now: Date,
  ): Promise<
    { quiz: QuizRow; attempt: AttemptRow | null; started: AttemptRow | null; unlocked: boolean } | undefined
  > {
    const [row] = await this.prepared.startForParticipant.execute({
      quizId,
      userId,
      now: now.toISOString(),
    });
    return (
      row && {
        quiz: row.quiz,
        attempt: row.attempt,
        started: row.started?.id ? row.started : null,
        unlocked: row.unlocked === true,
      }
    );
  }

  /** What this learner is allowed on this quiz beyond its time (ADR 023): read at the start. */
  async allowance(quizId: string, userId: string): Promise<LearnerAllowance> {
    const [row] = await this.db
      .select({ compensatoryTime: users.compensatoryTime, extraMinutes: quizTimeOverrides.extraMinutes })
      .from(users)
      .leftJoin(
        quizTimeOverrides,
        and(eq(quizTimeOverrides.userId, users.id), eq(quizTimeOverrides.quizId, quizId)),
      )
      .where(eq(users.id, userId))
      .limit(1);
    return { compensatoryTime: row?.compensatoryTime ?? false, extraMinutes: row?.extraMinutes ?? 0 };
  }

  /** A published quiz by id (unpublished ones do not exist for participants). */
  async findPublished(quizId: string): Promise<QuizRow | undefined> {
    const [row] = await this.db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.id, quizId), eq(quizzes.published, true)))
      .limit(1);
    return row;
  }

  /** True when the quiz is free or the user has a successful payment for it. */
  async isUnlocked(userId: string, quizId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ unlocked: unlockedExpression(userId) })
      .from(quizzes)
      .where(eq(quizzes.id, quizId))
      .limit(1);
    return row?.unlocked === true;
  }

  async questionCount(quizId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(questions).where(eq(questions.quizId, quizId));
    return Number(row?.n ?? 0);
  }

  /** Questions in order with their answers (never explanations): the server strips ansIndex before sending. */
  async questions(quizId: string): Promise<QuizQuestion[]> {
    return this.db
      .select({
        id: questions.id,
        qn: questions.qn,
        choices: questions.choices,
        ansIndex: questions.ansIndex,
        lang: questions.lang,
        audioKey: questions.audioKey,
        type: questions.type,
        numericAnswer: questions.numericAnswer,
        tolerance: questions.tolerance,
        qnHi: questions.qnHi,
        choicesHi: questions.choicesHi,
        math: questions.math,
        section: questions.section,
      })
      .from(questions)
      .where(eq(questions.quizId, quizId))
      .orderBy(asc(questions.position));
  }
}
