import { randomUUID } from 'node:crypto';
import { drillSeconds } from '@quizcast/contract/domain/practice';
import { percentileForRank } from '@quizcast/contract/domain/percentile';
import { paiseToRupees } from '@quizcast/contract/domain/admin-quiz';
import { isUuid } from '@quizcast/contract/schemas/ids';
import { QUIZ_MESSAGES } from '@quizcast/contract/schemas/quiz';
import {
  PRACTICE_MESSAGES,
  type PracticeAttempt,
  type PracticeHistoryResponse,
  type PracticeMode,
  type PracticeQuizFilters,
  type PracticeQuizListResponse,
  type PracticeResult,
  type PracticeSaveResponse,
  type PracticeSubmitResponse,
  type PracticeTopicsResponse,
  type PredictedRank,
  type StartDrillBody,
} from '@quizcast/contract/schemas/practice';
import type { Answer } from '@quizcast/contract/schemas/quiz';
import type { SavedAnswer, StoredSection } from '../../db/schema';
import type { StatementPart } from '../../db/statement-parts';
import type { Clock } from '../../lib/clock';
import { conflict, HttpError, notFound, paymentRequired } from '../../lib/http-error';
import {
  DEFAULT_MARKING,
  markableQuestion,
  markSectioned,
  maximumScore,
  plausibleTime,
  type PlausibleTime,
} from '../marking/marking';
import { predictRank } from '../marking/marking.repository';
import { normalizeAnswers } from '../quizzes/answers';
import { mergeForAttempt } from '../quizzes/attempt-writes';
import { attemptDeadline, takenIn } from '../quizzes/attempt-rules';
import { cardsFromPractice } from '../review/cards-from-practice';
import { feedbackFor, offlineKeyFor, practiceQuestion } from './practice-feedback';
import { questionState, type StillVisible } from './practice-finish.statement';
import type { PracticeQuestionRow } from './practice-questions';
import type { PracticeAttemptRow, PracticeRepository } from './practice.repository';
import type { Reading, RunningPractices } from './running-practices';

const MINUTE = 60_000;

/**
 * An attempt id as this instance's copy keys it: the database's (lower case). A UUID in the URL may
 * come in either case, and a submission under one case must forget the copy held under the other.
 */
const attemptKey = (id: string) => id.toLowerCase();

/** An attempt's visible questions in its order, and the sections to mark them by ([]: none). */
interface AttemptQuestions {
  questions: PracticeQuestionRow[];
  sections: StoredSection[];
}
const iso = (d: Date) => d.toISOString();

/**
 * Practice and drills (issue 27, ADR 024). A practice attempt is a set of question ids the server
 * chose; everything it shows is read through `visibleQuestions` at the time of the request, so a
 * quiz withdrawn meanwhile shows nothing more. Marking is `modules/marking`'s; the deadline and the
 * time taken are `quizzes/attempt-rules`' ; cards are made by `review`'s insert. Nothing here writes
 * to a contest table.
 */
export class PracticeService {
  constructor(
    private readonly repo: PracticeRepository,
    private readonly clock: Clock,
    /** Saves and submissions are taken this long after a timed practice's deadline. */
    private readonly graceMs: number,
    /** The ranking's plausible floor per answered question (plausible-time.ts), for the predicted rank. */
    private readonly plausibleMsPerAnswer: number,
    /**
     * Counts the learner's streak day when a practice ('practice') or daily five is finished at
     * `now`: a part of the finishing statement, applied only when it finished.
     */
    private readonly countDay: (
      kind: 'practice' | 'daily_five',
      now: Date,
    ) => StatementPart | undefined = () => undefined,
    /** This instance's copy of running attempts (issue 27's bench); none: every submission reads first. */
    private readonly running?: RunningPractices,
  ) {}

  async listQuizzes(userId: string, filters: PracticeQuizFilters): Promise<PracticeQuizListResponse> {
    const rows = await this.repo.listQuizzes(userId, filters);
    return {
      quizzes: rows.map((q) => ({
        _id: q.id,
        name: q.name,
        exam: q.exam,
        duration: q.durationMin,
        questionCount: q.questionCount,
        topics: q.topics,
        previousYear: q.previousYear,
        price: paiseToRupees(q.pricePaise),
        unlocked: q.unlocked,
        practiceCount: q.practiceCount,
        resultsPublishedAt: iso(q.resultsPublishedAt),
      })),
    };
  }

  async topics(userId: string, exam: string): Promise<PracticeTopicsResponse> {
    return { topics: await this.repo.topics(userId, exam) };
  }

  /** A new practice of a published quiz: 404 unless practisable, 402 while a paid quiz is locked. */
  async startQuiz(userId: string, quizId: string, mode: PracticeMode): Promise<PracticeAttempt> {
    const quiz = isUuid(quizId) ? await this.repo.practisableQuiz(quizId, userId) : undefined;
    if (!quiz) throw notFound(QUIZ_MESSAGES.notFound);
    if (!quiz.unlocked) throw paymentRequired(PRACTICE_MESSAGES.locked);
    const startedAt = this.clock.now();
    const attempt = await this.repo.insertAttempt({
      userId,
      kind: 'quiz',
      quizId: quiz.id,
      title: quiz.name,
      exam: quiz.exam,
      questionIds: await this.repo.quizQuestionIds(quiz.id),
      timed: mode.timed,
      instantFeedback: mode.instantFeedback,
      startedAt,
      deadlineAt: mode.timed ? attemptDeadline(startedAt, quiz.durationMin * MINUTE, null) : null,
      markCorrect: quiz.markCorrect,
      markWrong: quiz.markWrong,
    });
    const read = await this.questions(attempt);
    this.running?.remember({ attempt, ...read });
    return this.view(attempt, read);
  }

  /**
   * A new drill drawn from the bank and stored, in one statement that reads the drawn questions
   * under the practisable and unlock rules; 404 when nothing matches.
   */
  async startDrill(userId: string, body: StartDrillBody): Promise<PracticeAttempt> {
    const topics = [...new Set(body.topics)];
    const startedAt = this.clock.now();
    const deadlineFor = (count: number) =>
      body.timed ? attemptDeadline(startedAt, (drillSeconds(body.exam, count) / 60) * MINUTE, null) : null;
    const start = {
      id: randomUUID(),
      title: topics.join(', '),
      exam: body.exam,
      timed: body.timed,
      instantFeedback: body.instantFeedback,
      startedAt,
      deadlineAt: deadlineFor(body.count),
      markCorrect: DEFAULT_MARKING.correct,
      markWrong: DEFAULT_MARKING.wrong,
    };
    const drawn = await this.repo.drawDrill(userId, { ...body, topics }, start);
    if (!drawn.questions.length) throw notFound(PRACTICE_MESSAGES.emptyDrill);
    // A timed drill drawn short of its count: stored with the deadline of the questions it has.
    const attempt =
      drawn.attempt ??
      (await this.repo.insertAttempt({
        ...start,
        userId,
        kind: 'drill',
        quizId: null,
        questionIds: drawn.questions.map((q) => q.id),
        deadlineAt: deadlineFor(drawn.questions.length),
      }));
    // The drawn questions as read a moment ago; a drill has no sections (it mixes quizzes).
    const read = { questions: drawn.questions, sections: [] };
    this.running?.remember({ attempt, ...read });
    return this.view(attempt, read);
  }

  async get(userId: string, attemptId: string): Promise<PracticeAttempt> {
    const { attempt, read } = await this.attemptAndQuestions(userId, attemptKey(attemptId));
    return this.view(attempt, read);
  }

  async history(userId: string): Promise<PracticeHistoryResponse> {
    const rows = await this.repo.history(userId);
    return {
      attempts: rows.map((a) => ({
        _id: a.id,
        kind: a.kind,
        quizId: a.quizId,
        title: a.title,
        timed: a.timed,
        status: a.status,
        startedAt: iso(a.startedAt),
        submittedAt: a.submittedAt ? iso(a.submittedAt) : null,
        score: a.score,
        correctCount: a.correctCount,
        totalQuestions: a.questionIds.length,
      })),
    };
  }

  /**
   * Autosave, validated like a contest save; with instant feedback a question's first answer is
   * final (it was judged) and the response judges each newly answered question.
   */
  async save(userId: string, id: string, answers: Answer[]): Promise<PracticeSaveResponse> {
    const attemptId = attemptKey(id);
    // A submission here that finishes the attempt while this save is on its way keeps it from
    // holding what it wrote (`RunningPractices.open`).
    const reading = this.running?.open(attemptId);
    try {
      return await this.saveOnce(userId, attemptId, answers, reading);
    } finally {
      if (reading) this.running?.close(reading);
    }
  }

  private async saveOnce(
    userId: string,
    attemptId: string,
    answers: Answer[],
    reading: Reading | undefined,
  ): Promise<PracticeSaveResponse> {
    for (let tries = 0; ; tries += 1) {
      // Kept below once written (what this instance then holds is what it wrote).
      const { attempt, read } = await this.attemptAndQuestions(userId, attemptId, false);
      const { questions } = read;
      if (attempt.status !== 'in_progress') throw conflict(PRACTICE_MESSAGES.alreadySubmitted);
      const now = this.clock.now();
      if (this.pastGrace(attempt, now)) throw conflict(PRACTICE_MESSAGES.timeOver);
      const incoming = normalizeAnswers(questions, answers);
      const merged = this.merge(attempt, incoming, now);
      if (await this.repo.saveAnswers(attempt, merged, now)) {
        // What was written, for the next request here (saveAnswers bumps the revision by one).
        this.running?.remember(
          {
            attempt: { ...attempt, answers: merged, revision: attempt.revision + 1, updatedAt: now },
            ...read,
          },
          reading,
        );
        const byId = new Map(questions.map((q) => [q.id, q]));
        const chosen = new Map(merged.map((a) => [a.qnId, a.selectedOption ?? null]));
        const feedback = attempt.instantFeedback
          ? this.judged(incoming, merged).flatMap((id) => {
              const q = byId.get(id);
              return q ? [feedbackFor(q, chosen.get(id), this.scheme(attempt))] : [];
            })
          : [];
        return { savedAt: iso(now), feedback };
      }
      if (tries >= 3) throw conflict(PRACTICE_MESSAGES.alreadySubmitted);
    }
  }

  /**
   * Submit once: scored by marking from the saved answers merged with the body's (past the deadline
   * plus grace only the saved ones count); a timed practice of a quiz gets its predicted rank; wrong
   * answers become review cards (unless turned off) and the streak day is counted in the same
   * statement as the finishing write. The response is built from what was written and the questions
   * read for marking (issue 27's bench: no second read of either), and is only the result: the
   * client already holds the attempt's questions.
   */
  async submit(userId: string, id: string, answers: Answer[]): Promise<PracticeSubmitResponse> {
    const attemptId = attemptKey(id);
    try {
      // Held here (what this instance last wrote or read of it): scored from that, in one statement
      // that applies only if the attempt and the visibility of every question are still as held.
      const held = this.running?.get(attemptId, userId);
      if (held) {
        const finished = await this.finishOnce(held.attempt, held, answers, {
          count: held.questions.length,
          versions: new Map(held.questions.map((q) => [q.quizId, q.quizVersion])),
        });
        if (finished) return { _id: finished.id, status: 'submitted', result: this.result(finished, held) };
      }
      // A save that lands meanwhile makes the write miss (revision): read again and score again.
      for (let tries = 0; tries < 4; tries += 1) {
        // Not kept: it is finished now or gone (keeping it would only push out another's copy).
        const { attempt, read } = await this.attemptAndQuestions(userId, attemptId, false);
        if (attempt.status !== 'in_progress') throw conflict(PRACTICE_MESSAGES.alreadySubmitted);
        const finished = await this.finishOnce(attempt, read, answers);
        if (finished) return { _id: finished.id, status: 'submitted', result: this.result(finished, read) };
      }
      throw conflict(PRACTICE_MESSAGES.alreadySubmitted);
    } finally {
      // Finished, or no longer as held: either way no copy of it is kept.
      this.running?.forget(attemptId, userId);
    }
  }

  /**
   * Scores and writes one read of the attempt: the finished row, or undefined when it changed
   * meanwhile (or, scored from this instance's copy, `still`, when the answers are refused: the
   * read that follows refuses them by the questions as they are now).
   */
  private async finishOnce(
    attempt: PracticeAttemptRow,
    { questions, sections }: AttemptQuestions,
    answers: Answer[],
    still?: StillVisible,
  ): Promise<PracticeAttemptRow | undefined> {
    const now = this.clock.now();
    let merged: SavedAnswer[];
    try {
      merged = this.pastGrace(attempt, now)
        ? attempt.answers
        : this.merge(attempt, normalizeAnswers(questions, answers), now);
    } catch (error) {
      // A copy refuses nothing: the questions it holds may no longer be the learner's (a withdrawn
      // quiz's are still in it), so the read that follows judges the answers, and its 400 is the
      // only one a submission gives, worded by the questions as they are now.
      if (still && error instanceof HttpError && error.statusCode === 400) return undefined;
      throw error;
    }
    const marks = markSectioned(
      questions.map((q) => ({ ...markableQuestion(q), section: q.section })),
      merged,
      this.scheme(attempt),
      sections,
    );
    const durationMin = attempt.deadlineAt
      ? (attempt.deadlineAt.getTime() - attempt.startedAt.getTime()) / MINUTE
      : null;
    const { submittedAt, elapsedMs } = takenIn(attempt.startedAt, attempt.deadlineAt, durationMin, now);
    const predicted =
      attempt.kind === 'quiz' && attempt.timed && attempt.quizId && questions.length
        ? await this.predict(
            attempt.quizId,
            marks.score,
            plausibleTime({ elapsedMs, answers: merged }, this.plausibleMsPerAnswer),
          )
        : null;
    const byId = new Map(merged.map((a) => [a.qnId, a]));
    const finished = {
      answers: marks.answers.map(({ qnId, selectedOption }) => ({ ...byId.get(qnId), qnId, selectedOption })),
      score: marks.score,
      correctCount: marks.correctCount,
      wrongCount: marks.wrongCount,
      elapsedMs,
      submittedAt,
      predicted,
    };
    const answered = marks.answers.filter((m) => m.outcome === 'right' || m.outcome === 'wrong');
    const day = this.countDay(attempt.kind === 'daily_five' ? 'daily_five' : 'practice', now);
    const done = await this.repo.finish(
      attempt,
      finished,
      now,
      [
        questionState(answered.map((m) => ({ questionId: m.qnId, correct: m.outcome === 'right' }))),
        cardsFromPractice(answered.filter((m) => m.outcome === 'wrong').map((m) => m.qnId)),
        ...(day ? [day] : []),
      ],
      still,
    );
    // Stored exactly as computed: the finished row is the attempt read with what was written.
    return done ? { ...attempt, ...finished, status: 'submitted', updatedAt: now } : undefined;
  }

  private async predict(quizId: string, score: number, timed: PlausibleTime): Promise<PredictedRank> {
    const band = await predictRank(
      this.repo.executor,
      quizId,
      score,
      { rankedElapsedMs: timed.rankedElapsedMs ?? 0, implausible: timed.implausible },
      this.plausibleMsPerAnswer,
    );
    const of = band.field + 1;
    return {
      rank: band.rank,
      bestRank: band.rank,
      worstRank: band.rank + band.ties,
      of,
      percentile: percentileForRank(band.rank, of),
    };
  }

  private scheme(attempt: PracticeAttemptRow) {
    return { correct: attempt.markCorrect, wrong: attempt.markWrong };
  }

  /** The most a practice can score: marking's `maximumScore` (each live question at its section's marks). */
  private maxScore(attempt: PracticeAttemptRow, questions: PracticeQuestionRow[], sections: StoredSection[]) {
    return maximumScore(
      questions.map((q) => ({ dropped: q.droppedAt !== null, section: q.section })),
      this.scheme(attempt),
      sections,
    );
  }

  private pastGrace(attempt: PracticeAttemptRow, now: Date): boolean {
    return attempt.deadlineAt !== null && now.getTime() > attempt.deadlineAt.getTime() + this.graceMs;
  }

  /**
   * The learner's attempt (404 otherwise: someone else's answers as an unknown one) with its questions
   * that are still visible to the learner and the sections to mark them by, in one statement.
   */
  private async attemptAndQuestions(
    userId: string,
    attemptId: string,
    keep = true,
  ): Promise<{ attempt: PracticeAttemptRow; read: AttemptQuestions }> {
    // A submission here that finishes it while this read is on its way keeps the read from being held.
    const reading = keep ? this.running?.open(attemptId) : undefined;
    try {
      return await this.readAttempt(userId, attemptId, reading);
    } finally {
      if (reading) this.running?.close(reading);
    }
  }

  private async readAttempt(
    userId: string,
    attemptId: string,
    reading: Reading | undefined,
  ): Promise<{ attempt: PracticeAttemptRow; read: AttemptQuestions }> {
    const found = isUuid(attemptId) ? await this.repo.attemptWithQuestions(attemptId, userId) : undefined;
    if (!found) {
      this.running?.forget(attemptId, userId);
      throw notFound(PRACTICE_MESSAGES.attemptNotFound);
    }
    let read: AttemptQuestions;
    try {
      read = this.inAttemptOrder(found.attempt, found);
    } catch (error) {
      this.running?.forget(attemptId, userId);
      throw error;
    }
    // Kept only while running with every question visible (`RunningPractices.remember`).
    if (reading) this.running?.remember({ attempt: found.attempt, ...read }, reading);
    return { attempt: found.attempt, read };
  }

  /** The questions of a started attempt still visible to the learner (one statement). */
  private async questions(attempt: PracticeAttemptRow): Promise<AttemptQuestions> {
    const read = await this.repo.visibleQuestions(attempt.userId, attempt.questionIds);
    const sections = attempt.quizId ? read.sections.get(attempt.quizId) : undefined;
    return this.inAttemptOrder(attempt, { questions: read.questions, sections: sections ?? [] });
  }

  /**
   * An attempt's visible questions in the attempt's order, with the sections to mark them by. A quiz
   * practice whose quiz is no longer practisable is gone (404, as an unknown quiz). A practice of a
   * sectioned quiz marks each section with its own scheme, as the contest does (ADR 022); a drill
   * mixes quizzes, so it keeps the one scheme it started with (no sections).
   */
  private inAttemptOrder(
    attempt: PracticeAttemptRow,
    visible: { questions: PracticeQuestionRow[]; sections: StoredSection[] },
  ): AttemptQuestions {
    if (attempt.kind === 'quiz' && !visible.questions.length) throw notFound(QUIZ_MESSAGES.notFound);
    const byId = new Map(visible.questions.map((q) => [q.id, q]));
    return {
      questions: attempt.questionIds.flatMap((id) => {
        const q = byId.get(id);
        return q ? [q] : [];
      }),
      sections: attempt.kind === 'quiz' && attempt.quizId ? visible.sections : [],
    };
  }

  /**
   * The stored answers merged with a save's (by seq, ADR 016); with feedback, answered stays answered.
   * `incoming`: the save's answers as `normalizeAnswers` checked them.
   */
  private merge(attempt: PracticeAttemptRow, incoming: SavedAnswer[], now: Date): SavedAnswer[] {
    const answeredBefore = attempt.instantFeedback
      ? new Set(attempt.answers.filter((a) => a.selectedOption != null).map((a) => a.qnId))
      : undefined;
    const allowed = answeredBefore ? incoming.filter((a) => !answeredBefore.has(a.qnId)) : incoming;
    const timing = { startedAt: attempt.startedAt, deadlineAt: attempt.deadlineAt ?? now };
    return mergeForAttempt(timing, attempt.answers, allowed, now);
  }

  /**
   * Judged by a save: each question it answers as it now stands, a first answer or the same answer
   * again (a save whose reply was lost on a dropped connection is sent again, and its feedback must
   * come back with the second reply: the learner answered, so they may see the judgement).
   */
  private judged(incoming: SavedAnswer[], merged: SavedAnswer[]): string[] {
    return [...new Set(incoming.filter((a) => a.selectedOption != null).map((a) => a.qnId))].filter((id) =>
      merged.some(
        (m) =>
          m.qnId === id &&
          m.selectedOption != null &&
          incoming.some((a) => a.qnId === id && a.selectedOption === m.selectedOption),
      ),
    );
  }

  /** A submitted attempt's result, from the questions (and sections) read for this request. */
  private result(attempt: PracticeAttemptRow, { questions, sections }: AttemptQuestions): PracticeResult {
    const scheme = this.scheme(attempt);
    const chosen = new Map(attempt.answers.map((a) => [a.qnId, a.selectedOption ?? null]));
    return {
      score: attempt.score ?? 0,
      maxScore: this.maxScore(attempt, questions, sections),
      correctCount: attempt.correctCount ?? 0,
      wrongCount: attempt.wrongCount ?? 0,
      totalQuestions: questions.length,
      elapsedMs: attempt.elapsedMs ?? 0,
      predictedRank: attempt.predicted ?? null,
      feedback: questions.map((q) => feedbackFor(q, chosen.get(q.id), scheme)),
    };
  }

  /** The response for an attempt, from the questions (and sections) read for this request. */
  private view(attempt: PracticeAttemptRow, read: AttemptQuestions): PracticeAttempt {
    const { questions } = read;
    const scheme = this.scheme(attempt);
    const chosen = new Map(attempt.answers.map((a) => [a.qnId, a.selectedOption ?? null]));
    const submitted = attempt.status === 'submitted';
    const result = submitted ? this.result(attempt, read) : null;
    return {
      _id: attempt.id,
      kind: attempt.kind,
      quizId: attempt.quizId,
      title: attempt.title,
      exam: attempt.exam,
      timed: attempt.timed,
      instantFeedback: attempt.instantFeedback,
      startedAt: iso(attempt.startedAt),
      deadlineAt: attempt.deadlineAt ? iso(attempt.deadlineAt) : null,
      serverNow: iso(this.clock.now()),
      status: attempt.status,
      questions: questions.map(practiceQuestion),
      savedAnswers: attempt.answers
        .filter((a) => questions.some((q) => q.id === a.qnId))
        .map((a) => ({
          qnId: a.qnId,
          selectedOption: a.selectedOption ?? null,
          markedForReview: a.markedForReview ?? false,
          visited: a.visited ?? a.selectedOption != null,
          timeSpentMs: a.timeSpentMs ?? 0,
          seq: a.seq ?? 0,
        })),
      feedback:
        attempt.instantFeedback && !submitted
          ? questions
              .filter((q) => chosen.get(q.id) != null)
              .map((q) => feedbackFor(q, chosen.get(q.id), scheme))
          : [],
      offlineKey: offlineKeyFor(attempt, questions, scheme),
      result,
    };
  }
}
