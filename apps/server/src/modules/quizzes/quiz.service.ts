import { priceWithGstPaise } from '@quizcast/contract/domain/price';
import { scoreAttempt } from '@quizcast/contract/domain/scoring';
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
import type { AttemptRepository, AttemptResult, AttemptRow, OverdueAttempt } from './attempt.repository';
import type { QuizRepository, QuizRow, ScoringQuestion } from './quiz.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MINUTE = 60_000;
/** How many overdue attempts one sweep transaction takes. */
const SWEEP_BATCH = 200;

const rupees = (paise: number) => paise / 100;

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
  constructor(
    private readonly quizzes: QuizRepository,
    private readonly attempts: AttemptRepository,
    private readonly options: ParticipantQuizServiceOptions,
  ) {}

  private now(): Date {
    return this.options.clock.now();
  }

  async list(
    userId: string,
    query: { page: number; limit: number; searchTerm?: string; exam?: string },
  ): Promise<QuizListResponse> {
    const { rows, total } = await this.quizzes.listForParticipant({
      userId,
      now: this.now(),
      page: query.page,
      limit: query.limit,
      searchTerm: query.searchTerm || undefined,
      exam: query.exam,
    });
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
    const quiz = await this.requireQuiz(quizId);
    const attempt = await this.settledAttempt(quizId, userId);
    if (attempt && attempt.status !== 'in_progress') throw conflict(QUIZ_MESSAGES.alreadyAttended);
    if (!attempt) this.requireOpen(quiz);
    const [isPaid, questionCount] = await Promise.all([
      this.quizzes.isUnlocked(userId, quizId),
      this.quizzes.questionCount(quizId),
    ]);
    return {
      _id: quiz.id,
      name: quiz.name,
      desc: quiz.desc,
      duration: quiz.durationMin,
      class: quiz.class,
      exam: quiz.exam,
      isPaid,
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
    const quiz = await this.requireQuiz(quizId);
    let attempt = await this.settledAttempt(quizId, userId);
    if (attempt && attempt.status !== 'in_progress') throw conflict(QUIZ_MESSAGES.alreadySubmitted);
    if (!attempt) attempt = await this.start(quiz, userId);
    const questions = await this.quizzes.publicQuestions(quizId);
    return {
      _id: quiz.id,
      name: quiz.name,
      desc: quiz.desc,
      duration: quiz.durationMin,
      startedAt: attempt.startedAt.toISOString(),
      deadlineAt: attempt.deadlineAt.toISOString(),
      serverNow: this.now().toISOString(),
      questions: questions.map((q) => ({ _id: q.id, qn: q.qn, choices: q.choices })),
      savedAnswers: attempt.answers.map((a) => ({ qnId: a.qnId, selectedOption: a.selectedOption ?? null })),
    };
  }

  /** Autosave: replace the running attempt's saved answers (last write wins). */
  async saveAnswers(userId: string, quizId: string, answers: Answer[]): Promise<{ savedAt: Date }> {
    if (!UUID.test(quizId)) throw notFound(QUIZ_MESSAGES.notFound);
    const questions = await this.quizzes.scoringQuestions(quizId);
    if (!questions.length) await this.requireQuiz(quizId);
    const normalized = normalizeAnswers(questions, answers);
    const now = this.now();
    if (await this.attempts.saveAnswers(quizId, userId, normalized, now, this.options.graceMs)) {
      return { savedAt: now };
    }
    // Refused: say why.
    await this.requireQuiz(quizId);
    const attempt = await this.attempts.find(quizId, userId);
    if (!attempt) throw conflict(QUIZ_MESSAGES.notStarted);
    if (attempt.status !== 'in_progress') throw conflict(QUIZ_MESSAGES.alreadySubmitted);
    await this.autoSubmitOne(attempt.id);
    throw conflict(QUIZ_MESSAGES.timeOver);
  }

  /** Submit once. Scored with the server's startedAt and clock; the client's times are only recorded. */
  async submit(userId: string, body: SubmitQuizBody): Promise<SubmitQuizResponse> {
    const quiz = await this.requireQuiz(body.quizId);
    const questions = await this.quizzes.scoringQuestions(quiz.id);
    const submitted = normalizeAnswers(questions, body.answers);

    let attempt = await this.attempts.find(quiz.id, userId);
    if (attempt && attempt.status !== 'in_progress') throw conflict(QUIZ_MESSAGES.alreadySubmitted);
    if (!attempt) attempt = await this.start(quiz, userId);

    const now = this.now();
    if (now.getTime() > attempt.deadlineAt.getTime() + this.options.graceMs) {
      await this.autoSubmitOne(attempt.id);
      throw conflict(QUIZ_MESSAGES.timeOver);
    }

    // Answers sent now win; saved answers fill in any question the submission left out.
    const merged = new Map(attempt.answers.map((a) => [a.qnId, a.selectedOption ?? null]));
    for (const a of submitted) merged.set(a.qnId, a.selectedOption ?? null);
    const result = scoreResult(
      { ...attempt, durationMin: quiz.durationMin, markCorrect: quiz.markCorrect, markWrong: quiz.markWrong },
      questions,
      [...merged].map(([qnId, selectedOption]) => ({ qnId, selectedOption })),
      now,
      'submitted',
    );
    const finished = await this.attempts.finish(
      attempt.id,
      {
        ...result,
        clientStartedAt: body.startedAt ? new Date(body.startedAt) : null,
        clientSubmittedAt: body.submittedAt ? new Date(body.submittedAt) : null,
      },
      now,
    );
    if (!finished) throw conflict(QUIZ_MESSAGES.alreadySubmitted);
    return {
      message: SUBMIT_SUCCESS_MESSAGE,
      score: result.score,
      maxScore: questions.length * quiz.markCorrect,
      totalQuestions: questions.length,
      answeredCount: result.answers.filter((a) => a.selectedOption !== null).length,
      submittedAt: result.submittedAt.toISOString(),
    };
  }

  /** Sweeper task: auto-submit every attempt past its deadline + grace, in batches. */
  async autoSubmitOverdue(now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.attempts.autoSubmitOverdue(
        { cutoff: new Date(now.getTime() - this.options.graceMs), now, limit: SWEEP_BATCH },
        (attempt, questions) => scoreResult(attempt, questions, attempt.answers, now, 'auto_submitted'),
      );
      total += n;
      if (n < SWEEP_BATCH) return total;
    }
  }

  private async autoSubmitOne(attemptId: string): Promise<void> {
    const now = this.now();
    await this.attempts.autoSubmitOverdue(
      { cutoff: new Date(now.getTime() - this.options.graceMs), now, limit: 1, attemptId },
      (attempt, questions) => scoreResult(attempt, questions, attempt.answers, now, 'auto_submitted'),
    );
  }

  private async requireQuiz(quizId: string): Promise<QuizRow> {
    const quiz = UUID.test(quizId) ? await this.quizzes.findPublished(quizId) : undefined;
    if (!quiz) throw notFound(QUIZ_MESSAGES.notFound);
    return quiz;
  }

  private requireOpen(quiz: QuizRow): void {
    const now = this.now().getTime();
    if (now < quiz.startAt.getTime() || now >= quiz.endAt.getTime())
      throw notAcceptable(QUIZ_MESSAGES.notOpen);
  }

  /** The user's attempt, auto-submitting it first when it is past its deadline + grace. */
  private async settledAttempt(quizId: string, userId: string): Promise<AttemptRow | undefined> {
    const attempt = await this.attempts.find(quizId, userId);
    if (
      attempt?.status === 'in_progress' &&
      this.now().getTime() > attempt.deadlineAt.getTime() + this.options.graceMs
    ) {
      await this.autoSubmitOne(attempt.id);
      return this.attempts.find(quizId, userId);
    }
    return attempt;
  }

  /** Open, unlocked: start now; deadline = min(start + duration, quiz end). */
  private async start(quiz: QuizRow, userId: string): Promise<AttemptRow> {
    this.requireOpen(quiz);
    if (!(await this.quizzes.isUnlocked(userId, quiz.id))) throw paymentRequired(QUIZ_MESSAGES.locked);
    const startedAt = this.now();
    const deadlineAt = new Date(
      Math.min(startedAt.getTime() + quiz.durationMin * MINUTE, quiz.endAt.getTime()),
    );
    return this.attempts.startOrGet({ quizId: quiz.id, userId, startedAt, deadlineAt });
  }
}

/**
 * Every answer must name a question of this quiz and one of its choices (or be unanswered);
 * otherwise 400 listing each problem. A question answered twice keeps the last answer.
 */
export function normalizeAnswers(questions: ScoringQuestion[], answers: Answer[]): SavedAnswer[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const problems: string[] = [];
  const result = new Map<string, string | null>();
  for (const answer of answers) {
    const question = byId.get(answer.qnId);
    if (!question) {
      problems.push(`Unknown question: ${answer.qnId}`);
      continue;
    }
    const selected = answer.selectedOption ?? null;
    if (selected !== null && !question.choices.includes(selected)) {
      problems.push(`Invalid option for question ${answer.qnId}`);
      continue;
    }
    result.set(answer.qnId, selected);
  }
  if (problems.length) throw badRequest(problems.length === 1 ? problems[0]! : [...new Set(problems)]);
  return [...result].map(([qnId, selectedOption]) => ({ qnId, selectedOption }));
}

/**
 * Score with the quiz's marking scheme. Taken in at min(now, deadline); elapsed = that − server
 * startedAt, never more than the duration.
 */
function scoreResult(
  attempt: Pick<OverdueAttempt, 'startedAt' | 'deadlineAt' | 'durationMin' | 'markCorrect' | 'markWrong'>,
  questions: ScoringQuestion[],
  answers: SavedAnswer[],
  now: Date,
  status: AttemptResult['status'],
): AttemptResult {
  const scored = scoreAttempt(questions, answers, { correct: attempt.markCorrect, wrong: attempt.markWrong });
  const submittedAt = new Date(Math.min(now.getTime(), attempt.deadlineAt.getTime()));
  const elapsedMs = Math.max(
    0,
    Math.min(submittedAt.getTime() - attempt.startedAt.getTime(), attempt.durationMin * MINUTE),
  );
  return {
    status,
    answers: scored.answers.map(({ qnId, selectedOption }) => ({ qnId, selectedOption })),
    score: scored.score,
    correctCount: scored.correctCount,
    elapsedMs,
    submittedAt,
  };
}
