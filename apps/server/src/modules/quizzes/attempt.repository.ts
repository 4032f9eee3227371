import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, type AttemptSection, type SavedAnswer } from '../../db/schema';
import {
  finishParams,
  mergeForAttempt,
  type AttemptResult,
  sameSections,
  sectionsParam,
  type SaveGate,
} from './attempt-writes';
import { closeOpenAttempts } from './close-open-attempts';
import type { RunningAttempt, RunningAttempts } from './running-attempts';

export type AttemptRow = typeof attempts.$inferSelect;
export type { AttemptResult };

/** Concurrent saves of one learner's attempt are rare: a few optimistic rounds, then the row lock. */
const MERGE_TRIES = 4;

export class AttemptRepository {
  /**
   * Autosave, the herd's most frequent write, prepared once (see QuizRepository): the conditional
   * UPDATE of `mergeAnswers`, applied only while the stored answers are still the ones merged into.
   */
  private readonly save;
  private readonly findOne;
  private readonly finishOne;
  /** The same two writes against what this instance last wrote (`RunningAttempts`): one statement. */
  private readonly saveKnownOne;
  private readonly finishKnownOne;

  constructor(
    private readonly db: Db,
    /** This instance's copy of each running attempt's answers; none: every save reads first. */
    private readonly running?: RunningAttempts,
  ) {
    this.findOne = db
      .select()
      .from(attempts)
      .where(
        and(eq(attempts.quizId, sql.placeholder('quizId')), eq(attempts.userId, sql.placeholder('userId'))),
      )
      .limit(1)
      .prepare('attempt_find');
    this.save = db
      .update(attempts)
      .set({
        answers: sql`${sql.placeholder('answers')}::jsonb`,
        updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
      })
      .where(
        and(
          eq(attempts.quizId, sql.placeholder('quizId')),
          eq(attempts.userId, sql.placeholder('userId')),
          eq(attempts.status, 'in_progress'),
          sql`${attempts.deadlineAt} >= ${sql.placeholder('cutoff')}::timestamptz`,
          sql`${attempts.answers} = ${sql.placeholder('expected')}::jsonb`,
          sameSections,
        ),
      )
      .returning({ id: attempts.id })
      .prepare('attempt_save_answers');
    const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
    /** What a submission writes (both finishing statements): the scored answers and their times. */
    const finished = {
      status: sql`${sql.placeholder('status')}`,
      answers: sql`${sql.placeholder('answers')}::jsonb`,
      score: sql`${sql.placeholder('score')}::double precision`,
      correctCount: sql`${sql.placeholder('correctCount')}::integer`,
      elapsedMs: sql`${sql.placeholder('elapsedMs')}::integer`,
      submittedAt: at('submittedAt'),
      clientStartedAt: at('clientStartedAt'),
      clientSubmittedAt: at('clientSubmittedAt'),
      submissionId: sql`${sql.placeholder('submissionId')}::text`,
      updatedAt: at('now'),
    };
    this.finishOne = db
      .update(attempts)
      .set(finished)
      .where(
        and(
          eq(attempts.id, sql.placeholder('attemptId')),
          eq(attempts.status, 'in_progress'),
          sql`${attempts.answers} = ${sql.placeholder('readAnswers')}::jsonb`,
          sameSections,
        ),
      )
      .returning({ id: attempts.id })
      .prepare('attempt_finish');
    this.saveKnownOne = db
      .update(attempts)
      .set({
        answers: sql`${sql.placeholder('answers')}::jsonb`,
        updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
      })
      .where(
        and(
          eq(attempts.id, sql.placeholder('attemptId')),
          eq(attempts.status, 'in_progress'),
          sql`${attempts.deadlineAt} >= ${sql.placeholder('cutoff')}::timestamptz`,
          // The copy's deadline bounds the merged times: an earlier quiz end (admin) moves it.
          sql`date_trunc('milliseconds', ${attempts.deadlineAt}) = ${sql.placeholder('deadline')}::timestamptz`,
          sql`${attempts.answers} = ${sql.placeholder('expected')}::jsonb`,
          sameSections,
        ),
      )
      .returning({ id: attempts.id })
      .prepare('attempt_save_known');
    this.finishKnownOne = db
      .update(attempts)
      .set(finished)
      .where(
        and(
          eq(attempts.id, sql.placeholder('attemptId')),
          eq(attempts.status, 'in_progress'),
          sql`date_trunc('milliseconds', ${attempts.deadlineAt}) = ${sql.placeholder('deadline')}::timestamptz`,
          sql`${attempts.answers} = ${sql.placeholder('readAnswers')}::jsonb`,
          sameSections,
          // Scored with this instance's copy of the quiz and its key: only while the quiz is still that
          // version (every change of a key, marking scheme or question touches quizzes.updated_at;
          // pg's Date has milliseconds, the column microseconds).
          sql`exists (select 1 from "quizzes" where "quizzes"."id" = ${attempts.quizId}
            and "quizzes"."published"
            and date_trunc('milliseconds', "quizzes"."updated_at") = ${sql.placeholder('quizVersion')}::timestamptz)`,
        ),
      )
      .returning({ id: attempts.id })
      .prepare('attempt_finish_known');
  }

  /** This instance's copy of a running attempt, if it holds one. */
  known(quizId: string, userId: string): RunningAttempt | undefined {
    return this.running?.get(quizId, userId);
  }

  /** Keep a copy of an attempt just read or started (only running ones take saves). */
  remember(row: AttemptRow, now: Date): void {
    if (!this.running) return;
    if (row.status !== 'in_progress') {
      this.running.delete(row.quizId, row.userId);
      return;
    }
    this.running.set(
      row.quizId,
      row.userId,
      {
        id: row.id,
        startedAt: row.startedAt.getTime(),
        deadlineAt: row.deadlineAt.getTime(),
        extraMs: row.extraMs,
        answers: JSON.stringify(row.answers),
        sections: sectionsParam(row.sections),
      },
      now.getTime(),
    );
  }

  private rememberWritten(
    quizId: string,
    userId: string,
    row: Pick<RunningAttempt, 'id' | 'startedAt' | 'deadlineAt' | 'sections' | 'extraMs'>,
    answers: string,
    now: Date,
  ): void {
    this.running?.set(quizId, userId, { ...row, answers }, now.getTime());
  }

  async find(quizId: string, userId: string): Promise<AttemptRow | undefined> {
    const [row] = await this.findOne.execute({ quizId, userId });
    return row;
  }

  /**
   * Start the user's one attempt, or return the one that exists: the unique (quiz, user) constraint
   * decides between concurrent starts, so exactly one row (and one startedAt) ever exists.
   */
  async startOrGet(values: {
    quizId: string;
    userId: string;
    startedAt: Date;
    deadlineAt: Date;
    /** Time allowed beyond the duration (ADR 023); 0 when absent. */
    extraMs?: number;
  }): Promise<AttemptRow> {
    const [inserted] = await this.db
      .insert(attempts)
      .values({ ...values, status: 'in_progress', answers: [] })
      .onConflictDoNothing({ target: [attempts.quizId, attempts.userId] })
      .returning();
    if (inserted) return inserted;
    const existing = await this.find(values.quizId, values.userId);
    if (!existing) throw new Error('attempt vanished between insert and select');
    return existing;
  }

  /**
   * Merge a save into a running attempt's answers, per question, ordered by the client's `seq`
   * (ADR 016). Optimistic: read, merge, then a conditional UPDATE that only applies if the answers are
   * still the ones read (and the attempt still in progress and within deadline + grace); a concurrent
   * save makes it read and merge again (after a few rounds it locks the row instead). False when the
   * attempt does not take answers.
   */
  async mergeAnswers(
    quizId: string,
    userId: string,
    incoming: SavedAnswer[],
    now: Date,
    graceMs: number,
    gate?: SaveGate,
  ): Promise<boolean> {
    const cutoff = new Date(now.getTime() - graceMs);
    // One statement when this instance wrote the attempt last: merge into its copy and swap.
    const known = this.running?.get(quizId, userId);
    if (known && known.deadlineAt >= cutoff.getTime()) {
      gate?.({
        startedAt: new Date(known.startedAt),
        sections: known.sections ? (JSON.parse(known.sections) as AttemptSection[]) : null,
        extraMs: known.extraMs,
      });
      const timing = { startedAt: new Date(known.startedAt), deadlineAt: new Date(known.deadlineAt) };
      const answers = JSON.stringify(
        mergeForAttempt(timing, JSON.parse(known.answers) as SavedAnswer[], incoming, now),
      );
      const rows = await this.saveKnownOne.execute({
        attemptId: known.id,
        answers,
        expected: known.answers,
        deadline: new Date(known.deadlineAt).toISOString(),
        now: now.toISOString(),
        cutoff: cutoff.toISOString(),
        sections: known.sections ?? null,
      });
      if (rows.length > 0) {
        this.rememberWritten(quizId, userId, known, answers, now);
        return true;
      }
    }
    // Not held, or changed elsewhere (another instance, the sweeper): read it and merge.
    this.running?.delete(quizId, userId);
    for (let tries = 0; tries < MERGE_TRIES; tries++) {
      const row = await this.find(quizId, userId);
      if (!row || row.status !== 'in_progress' || row.deadlineAt.getTime() < cutoff.getTime()) return false;
      gate?.(row);
      const answers = JSON.stringify(mergeForAttempt(row, row.answers, incoming, now));
      const rows = await this.save.execute({
        quizId,
        userId,
        answers,
        expected: JSON.stringify(row.answers),
        now: now.toISOString(),
        cutoff: cutoff.toISOString(),
        sections: sectionsParam(row.sections),
      });
      if (rows.length > 0) {
        this.rememberWritten(
          quizId,
          userId,
          {
            id: row.id,
            startedAt: row.startedAt.getTime(),
            deadlineAt: row.deadlineAt.getTime(),
            sections: sectionsParam(row.sections),
            extraMs: row.extraMs,
          },
          answers,
          now,
        );
        return true;
      }
    }
    // Still contended (a burst of saves): take the row lock once, which always settles it.
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(attempts)
        .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, userId)))
        .for('update');
      if (!row || row.status !== 'in_progress' || row.deadlineAt.getTime() < cutoff.getTime()) return false;
      gate?.(row);
      await tx
        .update(attempts)
        .set({ answers: mergeForAttempt(row, row.answers, incoming, now), updatedAt: now })
        .where(eq(attempts.id, row.id));
      return true;
    });
  }

  /**
   * Finish an attempt once: a conditional update from in_progress, so of two simultaneous
   * submissions exactly one succeeds, and only if its answers are still `readAnswers` (the ones the
   * result was computed from), so an autosave landing meanwhile is never lost. `'finished'` when
   * this call stored `result`; `'changed'` asks the caller to read and score again; undefined when
   * it was already finished. Prepared once: a herd's last minute is all submissions.
   */
  async finish(
    attempt: Pick<AttemptRow, 'id' | 'quizId' | 'userId' | 'sections'>,
    result: AttemptResult,
    now: Date,
    readAnswers: SavedAnswer[],
  ): Promise<'finished' | 'changed' | undefined> {
    const attemptId = attempt.id;
    const [row] = await this.finishOne.execute({
      ...finishParams(attemptId, result, now, { readAnswers: JSON.stringify(readAnswers) }),
      sections: sectionsParam(attempt.sections),
    });
    this.running?.delete(attempt.quizId, attempt.userId);
    if (row) return 'finished';
    const [current] = await this.db
      .select({ status: attempts.status })
      .from(attempts)
      .where(eq(attempts.id, attemptId))
      .limit(1);
    return current?.status === 'in_progress' ? 'changed' : undefined;
  }

  /**
   * `finish` in one statement, from this instance's copy of the attempt (`known`) and of the quiz
   * (`quizVersion`, its updatedAt): applied only if the stored answers are still the copy's and the
   * quiz is still that version, so a key changed since it was cached is never scored. False: nothing
   * was written (finished, saved or changed elsewhere); the caller reads and scores as `finish` does.
   */
  async finishKnown(
    quizId: string,
    userId: string,
    known: RunningAttempt,
    quizVersion: Date,
    result: AttemptResult,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.finishKnownOne.execute({
      ...finishParams(known.id, result, now, {
        readAnswers: known.answers,
        deadline: new Date(known.deadlineAt).toISOString(),
        quizVersion: quizVersion.toISOString(),
      }),
      sections: known.sections ?? null,
    });
    this.running?.delete(quizId, userId);
    return rows.length > 0;
  }

  /**
   * Store a locked quiz's section windows after an early close, with the attempt's new deadline:
   * only while the attempt runs and its windows are still `expected` (a concurrent close or a second
   * device's close wins once). False when nothing was written.
   */
  async closeSection(
    attempt: Pick<AttemptRow, 'id' | 'quizId' | 'userId'>,
    expected: AttemptSection[] | null,
    next: { sections: AttemptSection[]; deadlineAt: Date },
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(attempts)
      .set({ sections: next.sections, deadlineAt: next.deadlineAt, updatedAt: now })
      .where(
        and(
          eq(attempts.id, attempt.id),
          eq(attempts.status, 'in_progress'),
          sql`${attempts.sections} is not distinct from ${sectionsParam(expected)}::jsonb`,
        ),
      )
      .returning({ id: attempts.id });
    this.running?.delete(attempt.quizId, attempt.userId);
    return rows.length > 0;
  }

  /**
   * Auto-submit attempts past their deadline + grace with their saved answers (see
   * close-open-attempts.ts), in a transaction of their own, skipping rows another instance holds.
   * Returns how many were submitted in this batch.
   */
  async autoSubmitOverdue(options: {
    now: Date;
    graceSeconds: number;
    limit: number;
    attemptId?: string;
  }): Promise<number> {
    return this.db.transaction((tx) => closeOpenAttempts(tx, { ...options, lock: 'skip' }));
  }
}
