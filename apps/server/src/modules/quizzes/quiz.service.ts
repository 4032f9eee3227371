import { priceWithGstPaise } from '@quizcast/contract/domain/price';
import { canonicalNumber, NOT_A_NUMBER_MESSAGE } from '@quizcast/contract/domain/numeric-answer';
import {
  QUIZ_MESSAGES,
  SUBMIT_SUCCESS_MESSAGE,
  type Answer,
  type QuizAttempt,
  type QuizIntro,
  type QuizListResponse,
  type SubmitQuizBody,
  type SubmitQuizResponse,
} from '@quizcast/contract/schemas/quiz';
import type { SavedAnswer } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notAcceptable, notFound, paymentRequired } from '../../lib/http-error';
import {
  mergeForAttempt,
  type AttemptRepository,
  type AttemptResult,
  type AttemptRow,
} from './attempt.repository';
import { questionAudioUrl } from '@quizcast/contract/schemas/question-audio';
import { inLearnerOrder } from './learner-order';
import { ParticipantList } from './participant-list';
import { participantTexts } from '../../lib/question-texts';
import type { QuizQuestion, QuizRepository, QuizRow, ScoringQuestion } from './quiz.repository';
import { markAttempt } from '../marking/marking';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MINUTE = 60_000;
/** How many overdue attempts one sweep transaction takes. */
const SWEEP_BATCH = 200;

const rupees = (paise: number) => paise / 100;

/**
 * A quiz's questions (with answers, server-side only), kept in memory for a few minutes once an
 * attempt of that quiz exists: from then on their text, choices and answers cannot change (the
 * admin rules refuse it). A recording can still be attached; that bumps the quiz's `updated_at`,
 * and callers that have the quiz row pass it as `version`, so every instance refetches at once.
 * Each instance has its own copy; nothing another instance needs lives here.
 */
class QuestionCache {
  private readonly entries = new Map<
    string,
    { questions: QuizQuestion[]; version: number | undefined; expires: number }
  >();
  private static readonly TTL_MS = 5 * MINUTE;
  private static readonly MAX_QUIZZES = 500;

  constructor(private readonly quizzes: QuizRepository) {}

  private fresh(quizId: string, version: number | undefined) {
    const hit = this.entries.get(quizId);
    if (!hit || hit.expires <= Date.now()) return undefined;
    return version === undefined || hit.version === version ? hit : undefined;
  }

  /** The copy of exactly this version, if held (no read). */
  peek(quizId: string, version: number): QuizQuestion[] | undefined {
    const hit = this.fresh(quizId, version);
    return hit?.version === version ? hit.questions : undefined;
  }

  /** Cached questions; with `version` (the quiz's updatedAt), only a copy of that version. */
  async get(quizId: string, version?: number): Promise<QuizQuestion[]> {
    return this.fresh(quizId, version)?.questions ?? this.quizzes.questions(quizId);
  }

  /** Keep them: call only once an attempt of this quiz exists. */
  remember(quizId: string, questions: QuizQuestion[], version?: number): void {
    if (!questions.length || this.fresh(quizId, version)) return;
    this.entries.delete(quizId);
    if (this.entries.size >= QuestionCache.MAX_QUIZZES)
      this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(quizId, { questions, version, expires: Date.now() + QuestionCache.TTL_MS });
  }
}

/**
 * The quiz rows of quizzes with running attempts here, for a submission in one statement: the
 * statement itself checks that the quiz is still this version (`AttemptRepository.finishKnown`),
 * so a stale row only costs the read it would have made anyway.
 */
class QuizRows {
  private readonly rows = new Map<string, QuizRow>();
  private static readonly MAX_QUIZZES = 500;

  get(quizId: string): QuizRow | undefined {
    return this.rows.get(quizId);
  }

  remember(quiz: QuizRow): void {
    const held = this.rows.get(quiz.id);
    if (held && held.updatedAt.getTime() === quiz.updatedAt.getTime()) return;
    this.rows.delete(quiz.id);
    if (this.rows.size >= QuizRows.MAX_QUIZZES) this.rows.delete(this.rows.keys().next().value!);
    this.rows.set(quiz.id, quiz);
  }
}

export interface ParticipantQuizServiceOptions {
  clock: Clock;
  /** Submissions are accepted this long after the deadline (network latency, slow phones). */
  graceMs: number;
}

/**
 * The participant's side of a quiz: list, intro, the timed attempt, submit once, auto-submit.
 * The server owns every time and the answers; clients' times are recorded, never trusted.
 */
export class ParticipantQuizService {
  private readonly questions: QuestionCache;
  private readonly quizRows = new QuizRows();
  private readonly catalogue: ParticipantList;

  constructor(
    private readonly quizzes: QuizRepository,
    private readonly attempts: AttemptRepository,
    private readonly options: ParticipantQuizServiceOptions,
  ) {
    this.questions = new QuestionCache(quizzes);
    this.catalogue = new ParticipantList(quizzes);
  }

  private now(): Date {
    return this.options.clock.now();
  }

  async list(
    userId: string,
    query: { page: number; limit: number; searchTerm?: string; exam?: string },
  ): Promise<QuizListResponse> {
    const now = this.now();
    const searchTerm = query.searchTerm || undefined;
    // The whole list (the common case) from the instance's copy of the published quizzes and one
    // statement for the learner's own state; a search or an exam filter asks the database.
    const { rows, total } =
      (!searchTerm && !query.exam
        ? await this.catalogue.page(userId, now, query.page, query.limit)
        : undefined) ??
      (await this.quizzes.listForParticipant({
        userId,
        now,
        page: query.page,
        limit: query.limit,
        searchTerm,
        exam: query.exam,
      }));
    return {
      total,
      quizzes: rows.map((r) => ({
        _id: r.id,
        name: r.name,
        exam: r.exam,
        class: r.class,
        duration: r.durationMin,
        startTimeStamp: r.startAt.toISOString(),
        endTimeStamp: r.endAt.toISOString(),
        price: rupees(r.pricePaise),
        isPaid: r.isPaid,
        ...(r.attendedStartedAt && r.attendedSubmittedAt
          ? {
              attendedDetails: {
                startedAt: r.attendedStartedAt.toISOString(),
                submittedAt: r.attendedSubmittedAt.toISOString(),
              },
            }
          : {}),
      })),
    };
  }

  async intro(userId: string, quizId: string): Promise<QuizIntro> {
    const { quiz, attempt, unlocked } = await this.load(quizId, userId);
    if (attempt && attempt.status !== 'in_progress') throw conflict(QUIZ_MESSAGES.alreadyAttended);
    if (!attempt) this.requireOpen(quiz);
    const questionCount = await this.quizzes.questionCount(quizId);
    return {
      _id: quiz.id,
      name: quiz.name,
      desc: quiz.desc,
      duration: quiz.durationMin,
      class: quiz.class,
      exam: quiz.exam,
      isPaid: unlocked,
      questionCount,
      startTimeStamp: quiz.startAt.toISOString(),
      endTimeStamp: quiz.endAt.toISOString(),
      price: rupees(quiz.pricePaise),
      priceWithGst: rupees(priceWithGstPaise(quiz.pricePaise)),
      instructions: quiz.instructions,
      markingScheme: { correct: quiz.markCorrect, wrong: quiz.markWrong },
      attemptStatus: attempt ? 'in_progress' : 'not_started',
    };
  }

  /** Start the attempt on first fetch, or resume it with the same startedAt and deadline. */
  async attend(userId: string, quizId: string): Promise<QuizAttempt> {
    // One round trip in the common case (a herd's first fetch): the statement that reads the quiz
    // also inserts the attempt when the quiz is open and unlocked and there is none.
    const loaded = UUID.test(quizId)
      ? await this.quizzes.startForParticipant(quizId, userId, this.now())
      : undefined;
    if (!loaded) throw notFound(QUIZ_MESSAGES.notFound);
    const { quiz } = loaded;
    let attempt = loaded.started ?? (await this.overdueSubmitted(loaded.attempt, quizId, userId));
    if (attempt && attempt.status !== 'in_progress') throw conflict(QUIZ_MESSAGES.alreadySubmitted);
    // Nothing was started: say why (closed, locked), or take the attempt a concurrent start made.
    if (!attempt) attempt = await this.start(quiz, userId, loaded.unlocked);
    const version = quiz.updatedAt.getTime();
    const questions = await this.questions.get(quizId, version);
    this.questions.remember(quizId, questions, version);
    // What the next save and the submission merge into (ADR 012: one statement each).
    this.quizRows.remember(quiz);
    this.attempts.remember(attempt, this.now());
    return {
      _id: quiz.id,
      name: quiz.name,
      desc: quiz.desc,
      duration: quiz.durationMin,
      startedAt: attempt.startedAt.toISOString(),
      deadlineAt: attempt.deadlineAt.toISOString(),
      serverNow: this.now().toISOString(),
      questions: inLearnerOrder(questions, quiz.id, userId, quiz).map((q) => ({
        _id: q.id,
        qn: q.qn,
        choices: q.choices,
        lang: q.lang,
        audioUrl: q.audioKey ? questionAudioUrl(q.audioKey) : null,
        ...(q.type === 'numeric' && { type: q.type }),
        ...participantTexts({ ...q, explanationHi: null }, false),
      })),
      savedAnswers: attempt.answers.map((a) => ({
        qnId: a.qnId,
        selectedOption: a.selectedOption ?? null,
        markedForReview: a.markedForReview ?? false,
        visited: a.visited ?? a.selectedOption != null,
        timeSpentMs: a.timeSpentMs ?? 0,
        seq: a.seq ?? 0,
      })),
    };
  }

  /**
   * Autosave: merge the entries into the running attempt's answers per question, ordered by the
   * client's `seq`, so a stale or replayed save never reverts a newer answer (ADR 016).
   */
  async saveAnswers(userId: string, quizId: string, answers: Answer[]): Promise<{ savedAt: Date }> {
    if (!UUID.test(quizId)) throw notFound(QUIZ_MESSAGES.notFound);
    const questions = await this.questions.get(quizId);
    if (!questions.length) await this.load(quizId, userId);
    const normalized = normalizeAnswers(questions, answers);
    const now = this.now();
    if (await this.attempts.mergeAnswers(quizId, userId, normalized, now, this.options.graceMs)) {
      this.questions.remember(quizId, questions);
      return { savedAt: now };
    }
    // Refused: say why (load auto-submits an attempt past its deadline + grace).
    const { attempt } = await this.load(quizId, userId);
    if (!attempt) throw conflict(QUIZ_MESSAGES.notStarted);
    if (attempt.status === 'auto_submitted') throw conflict(QUIZ_MESSAGES.timeOver);
    throw conflict(QUIZ_MESSAGES.alreadySubmitted);
  }

  /**
   * Submit once, only an attempt that was started (by the attempt fetch). Scored with the server's
   * startedAt and clock; the client's times are only recorded. A retry carrying the `submissionId` of
   * the submission that finished the attempt answers as that one did (ADR 016).
   */
  async submit(userId: string, body: SubmitQuizBody): Promise<SubmitQuizResponse> {
    if (!UUID.test(body.quizId)) throw notFound(QUIZ_MESSAGES.notFound);
    const quick = await this.submitKnown(userId, body);
    if (quick) return quick;
    const found = await this.quizzes.findForParticipant(body.quizId, userId);
    if (!found) throw notFound(QUIZ_MESSAGES.notFound);
    const { quiz } = found;
    const version = quiz.updatedAt.getTime();
    const questions = await this.questions.get(quiz.id, version);
    const submitted = normalizeAnswers(questions, body.answers);

    let attempt: AttemptRow | null | undefined = found.attempt;
    if (!attempt) {
      if (!found.unlocked) throw paymentRequired(QUIZ_MESSAGES.locked);
      this.requireOpen(quiz);
      throw conflict(QUIZ_MESSAGES.submitNotStarted);
    }
    this.questions.remember(quiz.id, questions, version);
    this.quizRows.remember(quiz);

    for (;;) {
      if (attempt.status !== 'in_progress') return this.alreadyFinished(attempt, quiz, questions, body);
      const now = this.now();
      if (now.getTime() > attempt.deadlineAt.getTime() + this.options.graceMs) {
        await this.autoSubmitOne(attempt.id);
        throw conflict(QUIZ_MESSAGES.timeOver);
      }
      // Per question, the newer of what was saved and what the submission carries.
      const merged = mergeForAttempt(attempt, attempt.answers, submitted, now);
      const result = scoreResult(
        {
          ...attempt,
          durationMin: quiz.durationMin,
          markCorrect: quiz.markCorrect,
          markWrong: quiz.markWrong,
        },
        questions,
        merged,
        now,
        'submitted',
      );
      const finished = await this.attempts.finish(
        attempt,
        {
          ...result,
          clientStartedAt: body.startedAt ? new Date(body.startedAt) : null,
          clientSubmittedAt: body.submittedAt ? new Date(body.submittedAt) : null,
          submissionId: body.submissionId ?? null,
        },
        now,
        attempt.answers,
      );
      // Stored exactly as computed: answer from it (no second read).
      if (finished === 'finished') return submitResponse(result, quiz, questions, this.options.graceMs);
      // An autosave or another submission got in first: look again.
      attempt = await this.attempts.find(quiz.id, userId);
      if (!attempt) throw conflict(QUIZ_MESSAGES.submitNotStarted);
    }
  }

  /**
   * A submission in one statement, when this instance holds the learner's running attempt (what it
   * last wrote), the quiz row and that version's questions: scored from those, written with
   * `finishKnown`, which applies only if the stored answers and the quiz's version are still the
   * ones used. Undefined: not held, or changed meanwhile; `submit` then reads and scores afresh.
   */
  private async submitKnown(userId: string, body: SubmitQuizBody): Promise<SubmitQuizResponse | undefined> {
    const quiz = this.quizRows.get(body.quizId);
    const known = quiz && this.attempts.known(quiz.id, userId);
    const questions = known && this.questions.peek(quiz.id, quiz.updatedAt.getTime());
    if (!quiz || !known || !questions) return undefined;
    const now = this.now();
    if (now.getTime() > known.deadlineAt + this.options.graceMs) return undefined;
    const submitted = normalizeAnswers(questions, body.answers);
    const timing = { startedAt: new Date(known.startedAt), deadlineAt: new Date(known.deadlineAt) };
    const merged = mergeForAttempt(timing, JSON.parse(known.answers) as SavedAnswer[], submitted, now);
    const result = scoreResult(
      { ...timing, durationMin: quiz.durationMin, markCorrect: quiz.markCorrect, markWrong: quiz.markWrong },
      questions,
      merged,
      now,
      'submitted',
    );
    const written = await this.attempts.finishKnown(
      quiz.id,
      userId,
      known,
      quiz.updatedAt,
      {
        ...result,
        clientStartedAt: body.startedAt ? new Date(body.startedAt) : null,
        clientSubmittedAt: body.submittedAt ? new Date(body.submittedAt) : null,
        submissionId: body.submissionId ?? null,
      },
      now,
    );
    return written ? submitResponse(result, quiz, questions, this.options.graceMs) : undefined;
  }

  /** A finished attempt: the same answer again for a retry of its own submission, else 409. */
  private alreadyFinished(
    attempt: AttemptRow,
    quiz: QuizRow,
    questions: QuizQuestion[],
    body: SubmitQuizBody,
  ): SubmitQuizResponse {
    if (attempt.status === 'submitted' && body.submissionId && attempt.submissionId === body.submissionId)
      return submitResponse(attempt, quiz, questions, this.options.graceMs);
    throw conflict(QUIZ_MESSAGES.alreadySubmitted);
  }

  /** Sweeper task: auto-submit every attempt past its deadline + grace, in batches. */
  async autoSubmitOverdue(now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.attempts.autoSubmitOverdue({
        now,
        graceSeconds: this.options.graceMs / 1000,
        limit: SWEEP_BATCH,
      });
      total += n;
      if (n < SWEEP_BATCH) return total;
    }
  }

  private async autoSubmitOne(attemptId: string): Promise<void> {
    await this.attempts.autoSubmitOverdue({
      now: this.now(),
      graceSeconds: this.options.graceMs / 1000,
      limit: 1,
      attemptId,
    });
  }

  /**
   * The published quiz, this user's attempt and the unlock state, in one query (404 for an unknown
   * id). An attempt past its deadline + grace is auto-submitted first, so callers see it submitted.
   */
  private async load(quizId: string, userId: string) {
    const found = UUID.test(quizId) ? await this.quizzes.findForParticipant(quizId, userId) : undefined;
    if (!found) throw notFound(QUIZ_MESSAGES.notFound);
    return { ...found, attempt: await this.overdueSubmitted(found.attempt, quizId, userId) };
  }

  /** The attempt as callers should see it: auto-submitted first when past its deadline + grace. */
  private async overdueSubmitted(
    attempt: AttemptRow | null,
    quizId: string,
    userId: string,
  ): Promise<AttemptRow | null> {
    if (
      attempt?.status === 'in_progress' &&
      this.now().getTime() > attempt.deadlineAt.getTime() + this.options.graceMs
    ) {
      await this.autoSubmitOne(attempt.id);
      return (await this.attempts.find(quizId, userId)) ?? null;
    }
    return attempt;
  }

  private requireOpen(quiz: QuizRow): void {
    const now = this.now().getTime();
    if (now < quiz.startAt.getTime() || now >= quiz.endAt.getTime())
      throw notAcceptable(QUIZ_MESSAGES.notOpen);
  }

  /** Open, unlocked: start now; deadline = min(start + duration, quiz end). */
  private async start(quiz: QuizRow, userId: string, unlocked: boolean): Promise<AttemptRow> {
    this.requireOpen(quiz);
    if (!unlocked) throw paymentRequired(QUIZ_MESSAGES.locked);
    const startedAt = this.now();
    const deadlineAt = new Date(
      Math.min(startedAt.getTime() + quiz.durationMin * MINUTE, quiz.endAt.getTime()),
    );
    return this.attempts.startOrGet({ quizId: quiz.id, userId, startedAt, deadlineAt });
  }
}

/** The 400 for text that is not a number given to a numeric question (nothing of the save is kept). */
export const numericAnswerRefused = (qnId: string) =>
  `Question ${qnId} needs a number: ${NOT_A_NUMBER_MESSAGE}`;

/**
 * Every answer must name a question of this quiz and one of its choices, or for a numeric question a
 * number (or be unanswered);
 * otherwise 400 listing each problem. Entries are kept as sent (with their palette state, time and
 * seq); merging them, duplicates included, is answer-merge's job.
 */
export function normalizeAnswers(questions: ScoringQuestion[], answers: Answer[]): SavedAnswer[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const problems: string[] = [];
  const result: SavedAnswer[] = [];
  for (const answer of answers) {
    const question = byId.get(answer.qnId);
    if (!question) {
      problems.push(`Unknown question: ${answer.qnId}`);
      continue;
    }
    let selected = answer.selectedOption ?? null;
    if (question.type === 'numeric' && selected !== null) {
      // Issue 12: a numeric answer is saved as its canonical number text ("2.50" → "2.5").
      selected = canonicalNumber(selected);
      if (selected === null) {
        problems.push(numericAnswerRefused(answer.qnId));
        continue;
      }
    } else if (selected !== null && !question.choices.includes(selected)) {
      problems.push(`Invalid option for question ${answer.qnId}`);
      continue;
    }
    result.push({
      qnId: answer.qnId,
      selectedOption: selected,
      ...(answer.markedForReview !== undefined && { markedForReview: answer.markedForReview }),
      ...(answer.visited !== undefined && { visited: answer.visited }),
      ...(answer.timeSpentMs !== undefined && { timeSpentMs: answer.timeSpentMs }),
      ...(answer.seq !== undefined && { seq: answer.seq }),
    });
  }
  if (problems.length) throw badRequest(problems.length === 1 ? problems[0]! : [...new Set(problems)]);
  return result;
}

/**
 * What a submission answers, the first time and on a retry of the same submission (ADR 016). The
 * score, maximum and answered count only when the quiz shows the score on submit (ADR 014): otherwise
 * throw-away accounts could rebuild the answer key from scores while the window is open. Always when
 * results will be published.
 */
export function submitResponse(
  attempt: Pick<AttemptRow, 'score' | 'answers' | 'submittedAt'>,
  quiz: Pick<QuizRow, 'showScoreOnSubmit' | 'markCorrect' | 'endAt'>,
  questions: ScoringQuestion[],
  graceMs: number,
): SubmitQuizResponse {
  const known = new Set(questions.map((q) => q.id));
  const score = quiz.showScoreOnSubmit
    ? {
        score: attempt.score ?? 0,
        maxScore: questions.length * quiz.markCorrect,
        answeredCount: attempt.answers.filter((a) => known.has(a.qnId) && a.selectedOption != null).length,
      }
    : {};
  return {
    message: SUBMIT_SUCCESS_MESSAGE,
    ...score,
    totalQuestions: questions.length,
    submittedAt: (attempt.submittedAt ?? new Date(0)).toISOString(),
    resultsAt: new Date(quiz.endAt.getTime() + graceMs).toISOString(),
  };
}

/**
 * Score with the quiz's marking scheme. Taken in at min(now, deadline); elapsed = that − server
 * startedAt, never more than the duration.
 */
function scoreResult(
  attempt: Pick<AttemptRow, 'startedAt' | 'deadlineAt'> &
    Pick<QuizRow, 'durationMin' | 'markCorrect' | 'markWrong'>,
  questions: ScoringQuestion[],
  answers: SavedAnswer[],
  now: Date,
  status: AttemptResult['status'],
): AttemptResult {
  const scored = markAttempt(questions, answers, { correct: attempt.markCorrect, wrong: attempt.markWrong });
  const byId = new Map(answers.map((a) => [a.qnId, a]));
  const submittedAt = new Date(Math.min(now.getTime(), attempt.deadlineAt.getTime()));
  const elapsedMs = Math.max(
    0,
    Math.min(submittedAt.getTime() - attempt.startedAt.getTime(), attempt.durationMin * MINUTE),
  );
  return {
    status,
    // One entry per question in question order, keeping its palette state, time and seq.
    answers: scored.answers.map(({ qnId, selectedOption }) => ({ ...byId.get(qnId), qnId, selectedOption })),
    score: scored.score,
    correctCount: scored.correctCount,
    elapsedMs,
    submittedAt,
  };
}
