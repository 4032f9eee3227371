import { priceWithGstPaise } from '@quizcast/contract/domain/price';
import {
  QUIZ_MESSAGES,
  type Answer,
  type AttemptSection as AttemptSectionView,
  type QuizAttempt,
  type QuizIntro,
} from '@quizcast/contract/schemas/quiz';
import { questionAudioUrl } from '@quizcast/contract/schemas/question-audio';
import { conflict, notFound, paymentRequired } from '../../lib/http-error';
import { participantTexts } from '../../lib/question-texts';
import { AttemptCaches } from './attempt-caches';
import type { AttemptRepository, AttemptRow } from './attempt.repository';
import type { SaveGate } from './attempt-writes';
import {
  allowedDurationMs,
  attemptDeadline,
  autoSubmitOne,
  closeSectionEarly,
  currentSection,
  isLocked,
  MINUTE_MS,
  requireOpen,
  requireSectionsOpen,
  sectionState,
  sectionWindows,
  type AttemptOptions,
} from './attempt-rules';
import { normalizeAnswers } from './answers';
import { inLearnerOrder } from './learner-order';
import type { QuizQuestion, QuizRepository, QuizRow } from './quiz.repository';

/** How many overdue attempts one sweep transaction takes. */
const SWEEP_BATCH = 200;
const rupees = (paise: number) => paise / 100;

/**
 * The participant's timed attempt: intro, start or resume on the first fetch, autosave, and the
 * sweep that auto-submits overdue attempts. The server owns every time and the answers; clients'
 * times are recorded, never trusted. (Submitting: submission.service.ts.)
 */
export class AttemptService {
  constructor(
    private readonly quizzes: QuizRepository,
    private readonly attempts: AttemptRepository,
    private readonly options: AttemptOptions,
    /** Shared with the submission service: what attend and autosave hold, submit uses. */
    private readonly caches: AttemptCaches = new AttemptCaches(quizzes),
  ) {}

  private now(): Date {
    return this.options.clock.now();
  }

  async intro(userId: string, quizId: string): Promise<QuizIntro> {
    const { quiz, attempt, unlocked } = await this.load(quizId, userId);
    if (attempt && attempt.status !== 'in_progress') throw conflict(QUIZ_MESSAGES.alreadyAttended);
    if (!attempt) this.requireOpen(quiz);
    const questionCount = await this.quizzes.questionCount(quizId);
    // A running attempt keeps what it started with; otherwise what a start now would get (ADR 023).
    const extraMs = attempt
      ? attempt.extraMs
      : allowedDurationMs(quiz.durationMin * MINUTE_MS, await this.quizzes.allowance(quizId, userId)) -
        quiz.durationMin * MINUTE_MS;
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
      extraMinutes: Math.floor(extraMs / MINUTE_MS),
    };
  }

  /** Start the attempt on first fetch, or resume it with the same startedAt and deadline. */
  async attend(userId: string, quizId: string): Promise<QuizAttempt> {
    // One round trip in the common case (a herd's first fetch): the statement that reads the quiz
    // also inserts the attempt when the quiz is open and unlocked and there is none.
    const loaded = await this.quizzes.startForParticipant(quizId, userId, this.now());
    if (!loaded) throw notFound(QUIZ_MESSAGES.notFound);
    const { quiz } = loaded;
    let attempt = loaded.started ?? (await this.overdueSubmitted(loaded.attempt, quizId, userId));
    if (attempt && attempt.status !== 'in_progress') throw conflict(QUIZ_MESSAGES.alreadySubmitted);
    // Nothing was started: say why (closed, locked), or take the attempt a concurrent start made.
    if (!attempt) attempt = await this.start(quiz, userId, loaded.unlocked);
    const version = quiz.updatedAt.getTime();
    const questions = await this.caches.questions.get(quizId, version);
    this.caches.questions.remember(quizId, questions, version);
    // What the next save and the submission merge into (ADR 012: one statement each).
    this.caches.quizRows.remember(quiz);
    this.attempts.remember(attempt, this.now());
    return {
      _id: quiz.id,
      name: quiz.name,
      desc: quiz.desc,
      duration: quiz.durationMin,
      startedAt: attempt.startedAt.toISOString(),
      deadlineAt: attempt.deadlineAt.toISOString(),
      serverNow: this.now().toISOString(),
      ...this.sectionsView(quiz, attempt, questions),
      // A quiz with sections: its sections in order (stable: the learner's order within each).
      questions: bySection(inLearnerOrder(questions, quiz.id, userId, quiz)).map((q) => ({
        _id: q.id,
        qn: q.qn,
        choices: q.choices,
        lang: q.lang,
        audioUrl: q.audioKey ? questionAudioUrl(q.audioKey) : null,
        ...(q.type === 'numeric' && { type: q.type }),
        ...(q.section != null && { section: q.section }),
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
    const questions = await this.caches.questions.get(quizId);
    if (!questions.length) await this.load(quizId, userId);
    const normalized = normalizeAnswers(questions, answers);
    const now = this.now();
    const gate = await this.sectionGate(
      quizId,
      userId,
      questions,
      normalized.map((a) => a.qnId),
      now,
    );
    if (await this.attempts.mergeAnswers(quizId, userId, normalized, now, this.options.graceMs, gate)) {
      this.caches.questions.remember(quizId, questions);
      return { savedAt: now };
    }
    // Refused: say why (load auto-submits an attempt past its deadline + grace).
    const { attempt } = await this.load(quizId, userId);
    if (!attempt) throw conflict(QUIZ_MESSAGES.notStarted);
    if (attempt.status === 'auto_submitted') throw conflict(QUIZ_MESSAGES.timeOver);
    throw conflict(QUIZ_MESSAGES.alreadySubmitted);
  }

  /**
   * Close the running section of a locked quiz early (issue 26): the next section's clock starts
   * now. 409 unless `section` is the one running (a second device's close, or a late one, never
   * reopens or closes another); answers acknowledged before stay. Returns the attempt's new state.
   */
  async closeSection(userId: string, quizId: string, section: number): Promise<QuizAttempt> {
    for (;;) {
      const { quiz, attempt } = await this.load(quizId, userId);
      if (!attempt) throw conflict(QUIZ_MESSAGES.notStarted);
      if (attempt.status === 'auto_submitted') throw conflict(QUIZ_MESSAGES.timeOver);
      if (attempt.status !== 'in_progress') throw conflict(QUIZ_MESSAGES.alreadySubmitted);
      if (!isLocked(quiz)) throw conflict(QUIZ_MESSAGES.notSectioned);
      const windows = sectionWindows(quiz, attempt);
      const now = this.now();
      const next = closeSectionEarly(quiz, windows, section, now, attempt.extraMs);
      if (!next) {
        const window = windows[section];
        throw conflict(
          window && sectionState(window, now, 0) === 'upcoming'
            ? QUIZ_MESSAGES.sectionNotOpen
            : QUIZ_MESSAGES.sectionClosed,
        );
      }
      if (await this.attempts.closeSection(attempt, attempt.sections, next, now))
        return this.attend(userId, quizId);
      // Another device closed or saved meanwhile: judge again against what is stored.
    }
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
    await autoSubmitOne(this.attempts, attemptId, this.now(), this.options.graceMs);
  }

  /**
   * The published quiz, this user's attempt and the unlock state, in one query (404 for an unknown
   * id). An attempt past its deadline + grace is auto-submitted first, so callers see it submitted.
   */
  private async load(quizId: string, userId: string) {
    const found = await this.quizzes.findForParticipant(quizId, userId);
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

  /**
   * A locked quiz's save gate (undefined otherwise): every saved question's section must be open
   * at `now`, judged against the attempt's windows as the write finds them.
   */
  private async sectionGate(
    quizId: string,
    userId: string,
    questions: QuizQuestion[],
    qnIds: string[],
    now: Date,
  ): Promise<SaveGate | undefined> {
    if (!questions.some((q) => q.section != null)) return undefined;
    const quiz = this.caches.quizRows.get(quizId) ?? (await this.load(quizId, userId)).quiz;
    if (!isLocked(quiz)) return undefined;
    const sectionOf = new Map(questions.map((q) => [q.id, q.section]));
    return (attempt) =>
      requireSectionsOpen(
        sectionWindows(quiz, attempt),
        (id) => sectionOf.get(id),
        qnIds,
        now,
        this.options.graceMs,
      );
  }

  /** What the attempt screen needs of a quiz's sections (nothing for a quiz without). */
  private sectionsView(
    quiz: QuizRow,
    attempt: AttemptRow,
    questions: QuizQuestion[],
  ): Pick<QuizAttempt, 'navigation' | 'sections' | 'currentSection'> {
    if (quiz.sections.length === 0) return {};
    const now = this.now();
    const counts = quiz.sections.map((_, i) => questions.filter((q) => q.section === i).length);
    if (!isLocked(quiz)) {
      const sections: AttemptSectionView[] = quiz.sections.map((s, i) => ({
        name: s.name,
        nameHi: s.nameHi,
        questionCount: counts[i]!,
        durationMin: null,
        startedAt: null,
        closesAt: null,
        state: 'open',
      }));
      return { navigation: 'free', sections };
    }
    const windows = sectionWindows(quiz, attempt);
    const sections: AttemptSectionView[] = quiz.sections.map((s, i) => ({
      name: s.name,
      nameHi: s.nameHi,
      questionCount: counts[i]!,
      durationMin: s.durationMin,
      startedAt: windows[i]!.startedAt,
      closesAt: windows[i]!.closedAt,
      state: sectionState(windows[i]!, now, this.options.graceMs),
    }));
    return { navigation: 'locked', sections, currentSection: currentSection(windows, now) };
  }

  private requireOpen(quiz: QuizRow): void {
    requireOpen(quiz, this.now());
  }

  /** Open, unlocked: start now; deadline = min(start + allowed time, quiz end) (ADR 023). */
  private async start(quiz: QuizRow, userId: string, unlocked: boolean): Promise<AttemptRow> {
    this.requireOpen(quiz);
    if (!unlocked) throw paymentRequired(QUIZ_MESSAGES.locked);
    const startedAt = this.now();
    const durationMs = quiz.durationMin * MINUTE_MS;
    const allowedMs = allowedDurationMs(durationMs, await this.quizzes.allowance(quiz.id, userId));
    const deadlineAt = attemptDeadline(startedAt, allowedMs, quiz.endAt);
    return this.attempts.startOrGet({
      quizId: quiz.id,
      userId,
      startedAt,
      deadlineAt,
      extraMs: allowedMs - durationMs,
    });
  }
}

/** Questions grouped by section in section order, keeping the order within each (a stable sort). */
function bySection<T extends { section: number | null }>(questions: T[]): T[] {
  return questions.some((q) => q.section != null)
    ? [...questions].sort((a, b) => (a.section ?? -1) - (b.section ?? -1))
    : questions;
}
