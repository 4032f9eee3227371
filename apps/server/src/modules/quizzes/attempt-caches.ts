import type { QuizQuestion, QuizRepository, QuizRow } from './quiz.repository';

const MINUTE = 60_000;

/**
 * A quiz's questions (with answers, server-side only), kept in memory for a few minutes once an
 * attempt of that quiz exists: from then on their text, choices and answers cannot change (the
 * admin rules refuse it). A recording can still be attached; that bumps the quiz's `updated_at`,
 * and callers that have the quiz row pass it as `version`, so every instance refetches at once.
 * Each instance has its own copy; nothing another instance needs lives here.
 */
export class QuestionCache {
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
export class QuizRows {
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

/** What this instance holds of quizzes with running attempts here: shared by attend, autosave and submit. */
export class AttemptCaches {
  readonly questions: QuestionCache;
  readonly quizRows = new QuizRows();

  constructor(quizzes: QuizRepository) {
    this.questions = new QuestionCache(quizzes);
  }
}
