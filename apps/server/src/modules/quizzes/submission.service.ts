import { isUuid } from '@quizcast/contract/schemas/ids';
import { markSectioned, maximumScore } from '../marking/marking';
import {
  QUIZ_MESSAGES,
  SUBMIT_SUCCESS_MESSAGE,
  type SubmitQuizBody,
  type SubmitQuizResponse,
} from '@quizcast/contract/schemas/quiz';
import type { SavedAnswer } from '../../db/schema';
import { conflict, notFound, paymentRequired } from '../../lib/http-error';
import type { AttemptCaches } from './attempt-caches';
import type { AttemptRepository, AttemptResult, AttemptRow } from './attempt.repository';
import { mergeForAttempt } from './attempt-writes';
import {
  autoSubmitOne,
  isLocked,
  MINUTE_MS,
  requireOpen,
  sectionState,
  sectionWindows,
  type AttemptOptions,
} from './attempt-rules';
import { normalizeAnswers } from './answers';
import type { QuizQuestion, QuizRepository, QuizRow, ScoringQuestion } from './quiz.repository';

/**
 * Submitting an attempt: once, only one that was started, scored with the server's startedAt and
 * clock. The fast path scores from what this instance holds (one statement); otherwise it reads
 * and scores afresh. A retry of the same submission gets the same answer (ADR 016).
 */
export class SubmissionService {
  constructor(
    private readonly quizzes: QuizRepository,
    private readonly attempts: AttemptRepository,
    private readonly options: AttemptOptions,
    private readonly caches: AttemptCaches,
  ) {}

  private now(): Date {
    return this.options.clock.now();
  }

  /**
   * Submit once, only an attempt that was started (by the attempt fetch). Scored with the server's
   * startedAt and clock; the client's times are only recorded. A retry carrying the `submissionId` of
   * the submission that finished the attempt answers as that one did (ADR 016).
   */
  async submit(userId: string, body: SubmitQuizBody): Promise<SubmitQuizResponse> {
    if (!isUuid(body.quizId)) throw notFound(QUIZ_MESSAGES.notFound);
    const quick = await this.submitKnown(userId, body);
    if (quick) return quick;
    const found = await this.quizzes.findForParticipant(body.quizId, userId);
    if (!found) throw notFound(QUIZ_MESSAGES.notFound);
    const { quiz } = found;
    const version = quiz.updatedAt.getTime();
    const questions = await this.caches.questions.get(quiz.id, version);
    const submitted = normalizeAnswers(questions, body.answers);

    let attempt: AttemptRow | null | undefined = found.attempt;
    if (!attempt) {
      if (!found.unlocked) throw paymentRequired(QUIZ_MESSAGES.locked);
      requireOpen(quiz, this.now());
      throw conflict(QUIZ_MESSAGES.submitNotStarted);
    }
    this.caches.questions.remember(quiz.id, questions, version);
    this.caches.quizRows.remember(quiz);

    for (;;) {
      if (attempt.status !== 'in_progress') return this.alreadyFinished(attempt, quiz, questions, body);
      const now = this.now();
      if (now.getTime() > attempt.deadlineAt.getTime() + this.options.graceMs) {
        await autoSubmitOne(this.attempts, attempt.id, this.now(), this.options.graceMs);
        throw conflict(QUIZ_MESSAGES.timeOver);
      }
      // Per question, the newer of what was saved and what the submission carries (a locked quiz:
      // only what it carries for sections still open).
      const taken = openSectionsOnly(quiz, attempt, questions, submitted, now, this.options.graceMs);
      const merged = mergeForAttempt(attempt, attempt.answers, taken, now);
      const result = scoreResult(
        {
          ...attempt,
          allowedMs: quiz.durationMin * MINUTE_MS + attempt.extraMs,
          markCorrect: quiz.markCorrect,
          markWrong: quiz.markWrong,
          sections: quiz.sections,
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
    const quiz = this.caches.quizRows.get(body.quizId);
    const known = quiz && this.attempts.known(quiz.id, userId);
    const questions = known && this.caches.questions.peek(quiz.id, quiz.updatedAt.getTime());
    if (!quiz || !known || !questions) return undefined;
    const now = this.now();
    if (now.getTime() > known.deadlineAt + this.options.graceMs) return undefined;
    const timing = { startedAt: new Date(known.startedAt), deadlineAt: new Date(known.deadlineAt) };
    const submitted = openSectionsOnly(
      quiz,
      {
        startedAt: timing.startedAt,
        sections: known.sections ? JSON.parse(known.sections) : null,
        extraMs: known.extraMs,
      },
      questions,
      normalizeAnswers(questions, body.answers),
      now,
      this.options.graceMs,
    );
    const merged = mergeForAttempt(timing, JSON.parse(known.answers) as SavedAnswer[], submitted, now);
    const result = scoreResult(
      {
        ...timing,
        allowedMs: quiz.durationMin * MINUTE_MS + known.extraMs,
        markCorrect: quiz.markCorrect,
        markWrong: quiz.markWrong,
        sections: quiz.sections,
      },
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
}

/**
 * What a submission answers, the first time and on a retry of the same submission (ADR 016). The
 * score, maximum and answered count only when the quiz shows the score on submit (ADR 014): otherwise
 * throw-away accounts could rebuild the answer key from scores while the window is open. Always when
 * results will be published.
 */
export function submitResponse(
  attempt: Pick<AttemptRow, 'score' | 'answers' | 'submittedAt'>,
  quiz: Pick<QuizRow, 'showScoreOnSubmit' | 'markCorrect' | 'markWrong' | 'endAt' | 'sections'>,
  questions: ScoringQuestion[],
  graceMs: number,
): SubmitQuizResponse {
  const known = new Set(questions.map((q) => q.id));
  const score = quiz.showScoreOnSubmit
    ? {
        score: attempt.score ?? 0,
        // Marking's maximum: each live question at its section's marks (ADR 022).
        maxScore: maximumScore(
          questions.map((q) => ({ section: q.section })),
          { correct: quiz.markCorrect, wrong: quiz.markWrong },
          quiz.sections,
        ),
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
 * A locked quiz (ADR 022): of a submission's entries, only those for sections open at `now` (the
 * saved answers of closed sections stand as acknowledged; nothing reaches an upcoming one).
 */
function openSectionsOnly(
  quiz: QuizRow,
  attempt: Pick<AttemptRow, 'startedAt' | 'sections' | 'extraMs'>,
  questions: ScoringQuestion[],
  submitted: SavedAnswer[],
  now: Date,
  graceMs: number,
): SavedAnswer[] {
  if (!isLocked(quiz)) return submitted;
  const windows = sectionWindows(quiz, attempt);
  const sectionOf = new Map(questions.map((q) => [q.id, q.section]));
  return submitted.filter((a) => {
    const window = windows[sectionOf.get(a.qnId) ?? -1];
    return !window || sectionState(window, now, graceMs) === 'open';
  });
}

/**
 * Score with the quiz's marking scheme (each section's own, where it has one). Taken in at
 * min(now, deadline); elapsed = that − server startedAt, never more than the time allowed (the
 * duration, or more with compensatory time: ADR 023).
 */
function scoreResult(
  attempt: Pick<AttemptRow, 'startedAt' | 'deadlineAt'> &
    Pick<QuizRow, 'markCorrect' | 'markWrong' | 'sections'> & { allowedMs: number },
  questions: ScoringQuestion[],
  answers: SavedAnswer[],
  now: Date,
  status: AttemptResult['status'],
): AttemptResult {
  const scored = markSectioned(
    questions,
    answers,
    { correct: attempt.markCorrect, wrong: attempt.markWrong },
    attempt.sections,
  );
  const byId = new Map(answers.map((a) => [a.qnId, a]));
  const submittedAt = new Date(Math.min(now.getTime(), attempt.deadlineAt.getTime()));
  const elapsedMs = Math.max(
    0,
    Math.min(submittedAt.getTime() - attempt.startedAt.getTime(), attempt.allowedMs),
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
