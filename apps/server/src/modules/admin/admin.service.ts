import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import {
  adminQuizStatus,
  paiseToRupees,
  rupeesToPaise,
  scoreHistogramOfCounts,
} from '@quizcast/contract/domain/admin-quiz';
import { canonicalNumber, type QuestionType } from '@quizcast/contract/domain/numeric-answer';
import { quizIntegrityDefaults } from '@quizcast/contract/domain/quiz-integrity';
import { formatElapsed } from '@quizcast/contract/domain/time-format';
import { questionAudioUrl } from '@quizcast/contract/schemas/question-audio';
import {
  ATTEMPT_STATUS_LABELS,
  hasHindiVersion,
  QUIZ_QUESTIONS_MAX,
  type AdminQuestion,
  type AdminQuiz,
  type AdminQuizListResponse,
  type AdminQuizStats,
  type AdminStudentDetail,
  type AdminStudentListItem,
  type AdminStudentListResponse,
  type ImportPreviewResponse,
  type ImportResponse,
  type QuizInputParsed,
  type QuizParticipant,
  type QuizParticipantsResponse,
} from '@quizcast/contract/schemas/admin';
import type { Clock } from '../../lib/clock';
import { RenderBudget, renderQuestionMath } from '../../lib/question-math';
import type { StoredQuestionMath } from '../../db/schema';
import type { FileStorage } from '../../providers/storage/storage';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import type { AvatarUrls } from '../files/avatar-url';
import type { UserRow } from '../students/student.repository';
import type { AdminRepository } from './admin.repository';
import { type QuestionRow, type QuestionValues, type QuizInsert, type QuizRow } from './admin.repository';
import { parseQuestionFile, type ImportedQuestion, type ImportFormat } from './question-import';

const QUIZ_NOT_FOUND = 'Quiz not found';
/** Participants read per query while streaming the CSV export. */
const CSV_PAGE = 1000;
const STUDENT_NOT_FOUND = 'Student not found';
export const LOCKED_QUESTIONS_MESSAGE = 'Questions cannot change after participants have started this quiz';

export interface PageParams {
  page: number;
  limit: number;
  searchTerm?: string;
}

const windowOf = (p: PageParams) => ({
  offset: (p.page - 1) * p.limit,
  limit: p.limit,
  search: p.searchTerm?.trim() || undefined,
});

const iso = (d: Date) => d.toISOString();
const sameTime = (a: Date, b: Date) => a.getTime() === b.getTime();
const sameChoices = (a: string[], b: string[]) => a.length === b.length && a.every((c, i) => c === b[i]);

function quizValues(input: QuizInputParsed): Omit<QuizInsert, 'createdBy'> {
  return {
    name: input.name,
    desc: input.desc.trim(),
    exam: input.exam,
    class: input.class,
    durationMin: input.duration,
    startAt: new Date(input.startTimeStamp),
    endAt: new Date(input.endTimeStamp),
    pricePaise: rupeesToPaise(input.price),
    markCorrect: input.markingScheme?.correct ?? 1,
    markWrong: input.markingScheme?.wrong ?? 0,
    instructions: input.instructions ?? [],
    published: input.published,
    // ADR 014: absent on edit leaves the stored choice (absent on create: see createQuiz).
    ...(input.showScoreOnSubmit === undefined ? {} : { showScoreOnSubmit: input.showScoreOnSubmit }),
    ...(input.shuffleQuestions === undefined ? {} : { shuffleQuestions: input.shuffleQuestions }),
    ...(input.shuffleChoices === undefined ? {} : { shuffleChoices: input.shuffleChoices }),
  };
}

export const END_TIME_AFTER_PUBLICATION_MESSAGE =
  'The end time cannot change after the results have been published';

type QuestionFields = {
  qn: string;
  choices: string[];
  ansIndex?: number;
  explanation?: string | null;
  lang?: 'en' | 'hi';
  topic?: string | null;
  type?: QuestionType;
  numericAnswer?: string | null;
  tolerance?: string | null;
  qnHi?: string | null;
  choicesHi?: string[] | null;
  explanationHi?: string | null;
};

/** The texts as stored: trimmed, the Hindi version all or nothing (issue 12). */
function questionTexts(q: QuestionFields) {
  const bilingual = hasHindiVersion(q);
  return {
    qn: q.qn.trim(),
    choices: q.choices.map((c) => c.trim()),
    explanation: q.explanation?.trim() || null,
    lang: q.lang ?? ('en' as const),
    qnHi: bilingual ? q.qnHi!.trim() : null,
    choicesHi: bilingual ? (q.choicesHi ?? []).map((c) => c.trim()) : null,
    explanationHi: bilingual ? q.explanationHi?.trim() || null : null,
  };
}

/**
 * The formulas of every question rendered (ADR 019), before anything is written: a malformed one is
 * a 400 naming its question ("Question 3: …", or its line for an import).
 */
async function renderedMath(
  questions: QuestionFields[],
  label: (i: number) => string,
): Promise<(StoredQuestionMath | null)[]> {
  const problems: string[] = [];
  const out: (StoredQuestionMath | null)[] = [];
  const budget = new RenderBudget();
  for (const [i, q] of questions.entries()) {
    const { math, problems: found } = await renderQuestionMath(questionTexts(q), label(i), budget);
    problems.push(...found);
    out.push(math);
  }
  if (problems.length) throw badRequest(problems);
  return out;
}

function questionValues(
  q: QuestionFields,
  position: number,
  math: StoredQuestionMath | null,
): QuestionValues {
  const numeric = q.type === 'numeric';
  return {
    position,
    ...questionTexts(q),
    choices: numeric ? [] : q.choices.map((c) => c.trim()),
    ansIndex: numeric ? 0 : (q.ansIndex ?? 0),
    topic: q.topic?.trim() || null,
    // Numeric questions (issue 12): the key and tolerance as canonical decimal text ("2.50" → "2.5").
    type: numeric ? 'numeric' : 'mcq',
    numericAnswer: numeric ? canonicalNumber(q.numericAnswer ?? '') : null,
    tolerance: numeric && q.tolerance?.trim() ? canonicalNumber(q.tolerance) : null,
    math,
  };
}

function toAdminQuestion(q: QuestionRow): AdminQuestion {
  return {
    _id: q.id,
    qn: q.qn,
    choices: q.choices,
    ansIndex: q.ansIndex,
    explanation: q.explanation,
    lang: q.lang,
    topic: q.topic,
    qnHi: q.qnHi,
    choicesHi: q.choicesHi,
    explanationHi: q.explanationHi,
    audioUrl: q.audioKey ? questionAudioUrl(q.audioKey) : null,
    type: q.type,
    numericAnswer: q.numericAnswer,
    tolerance: q.tolerance,
  };
}

/** Seconds between start and submission, capped at the quiz duration (stored value first). */
function elapsedSeconds(
  a: { elapsedMs: number | null; startedAt: Date; submittedAt: Date | null },
  durationMin: number,
): number | null {
  if (a.elapsedMs !== null) return a.elapsedMs / 1000;
  if (!a.submittedAt) return null;
  const ms = Math.min(a.submittedAt.getTime() - a.startedAt.getTime(), durationMin * 60_000);
  return Math.max(0, ms) / 1000;
}

/** The rules of authoring quizzes and reading their results (issue 7). */
export class AdminService {
  constructor(
    private readonly repo: AdminRepository,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
    private readonly avatars: AvatarUrls,
  ) {}

  /** Files of questions that are gone (after the transaction committed). A failed delete leaves a stray file, never an error. */
  private async deleteRecordings(keys: string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => this.storage.delete(key)));
  }

  // ---- quizzes ---------------------------------------------------------------------------------

  async createQuiz(input: QuizInputParsed, admin: UserRow): Promise<AdminQuiz> {
    const math = await renderedMath(input.questions, (i) => `Question ${i + 1}`);
    const quiz = await this.repo.transaction((repo) =>
      repo.insertQuiz(
        { ...quizIntegrityDefaults(input), ...quizValues(input), createdBy: admin.id },
        input.questions.map((q, i) => questionValues(q, i, math[i]!)),
      ),
    );
    return this.getQuiz(quiz.id);
  }

  /**
   * Before anyone starts: everything may change (questions keep their ids when `_id` is sent).
   * After: only text (names, descriptions, instructions, question wording, explanations), the end
   * time, price and publishing; questions, choices, answers, duration, start and marking are frozen (409).
   */
  async updateQuiz(id: string, input: QuizInputParsed): Promise<AdminQuiz> {
    const math = await renderedMath(input.questions, (i) => `Question ${i + 1}`);
    const removedRecordings = await this.repo.transaction(async (repo): Promise<string[]> => {
      const quiz = await repo.lockQuiz(id);
      if (!quiz) throw notFound(QUIZ_NOT_FOUND);
      const existing = await repo.questionsOf(id);
      const values = quizValues(input);
      const endChanged = !sameTime(values.endAt as Date, quiz.endAt);
      // Published results are final: a new end would reopen a quiz whose answers are visible.
      if (endChanged && quiz.resultsPublishedAt) throw conflict(END_TIME_AFTER_PUBLICATION_MESSAGE);
      // An earlier end also ends running attempts then, in this transaction: publication (end + grace)
      // never comes while an attempt can still submit.
      if (endChanged) await repo.clampDeadlines(id, values.endAt as Date);
      const started = (await repo.countAttempts(id)) > 0;

      if (started) {
        const refused = frozenChanges(quiz, existing, input, values);
        if (refused.length) throw new HttpError(409, refused);
        await repo.updateQuiz(id, values);
        for (const [i, q] of input.questions.entries()) {
          const row = existing[i]!;
          const texts = questionTexts({ ...q, lang: q.lang ?? row.lang });
          // Choices are frozen (checked above); their Hindi wording may still be corrected.
          await repo.updateQuestion(id, row.id, {
            qn: texts.qn,
            explanation: texts.explanation,
            lang: texts.lang,
            qnHi: texts.qnHi,
            choicesHi: texts.choicesHi,
            explanationHi: texts.explanationHi,
            math: math[i]!,
            topic: q.topic === undefined ? row.topic : q.topic?.trim() || null,
          });
        }
        return [];
      }

      const known = new Set(existing.map((q) => q.id));
      const problems: string[] = [];
      const sent = new Set<string>();
      input.questions.forEach((q, i) => {
        if (!q._id) return;
        if (!known.has(q._id)) problems.push(`Question ${i + 1}: unknown question id`);
        else if (sent.has(q._id)) problems.push(`Question ${i + 1}: the same question appears twice`);
        sent.add(q._id);
      });
      if (problems.length) throw badRequest(problems);

      await repo.updateQuiz(id, values);
      const removed = await repo.deleteQuestionsExcept(id, [...sent]);
      await repo.parkPositions(id);
      const fresh: QuestionValues[] = [];
      for (const [i, q] of input.questions.entries()) {
        const v = questionValues(q, i, math[i]!);
        if (q._id) await repo.updateQuestion(id, q._id, v);
        else fresh.push(v);
      }
      await repo.insertQuestions(id, fresh);
      return removed;
    });
    await this.deleteRecordings(removedRecordings);
    return this.getQuiz(id);
  }

  async deleteQuiz(id: string): Promise<void> {
    const recordings = (await this.repo.questionsOf(id)).flatMap((q) => (q.audioKey ? [q.audioKey] : []));
    if (await this.repo.deleteQuizIfUntouched(id)) {
      await this.deleteRecordings(recordings);
      return;
    }
    if (!(await this.repo.findQuiz(id))) throw notFound(QUIZ_NOT_FOUND);
    if ((await this.repo.countAttempts(id)) > 0)
      throw conflict('This quiz cannot be deleted because participants have attempted it');
    throw conflict('This quiz cannot be deleted because participants have paid for it');
  }

  async listQuizzes(params: PageParams): Promise<AdminQuizListResponse> {
    const now = this.clock.now();
    const { rows, total } = await this.repo.listQuizzes(windowOf(params));
    return {
      quizzes: rows.map(({ quiz, questionCount, attemptCount, submittedCount }) => ({
        ...quizSummaryFields(quiz, now),
        questionCount,
        attemptCount,
        submittedCount,
      })),
      total,
      page: params.page,
      limit: params.limit,
    };
  }

  async getQuiz(id: string): Promise<AdminQuiz> {
    const quiz = await this.repo.findQuiz(id);
    if (!quiz) throw notFound(QUIZ_NOT_FOUND);
    const questionRows = await this.repo.questionsOf(id);
    const stats = await this.stats(quiz, questionRows);
    return {
      ...quizSummaryFields(quiz, this.clock.now()),
      markingScheme: { correct: quiz.markCorrect, wrong: quiz.markWrong },
      instructions: quiz.instructions,
      showScoreOnSubmit: quiz.showScoreOnSubmit,
      shuffleQuestions: quiz.shuffleQuestions,
      shuffleChoices: quiz.shuffleChoices,
      questions: questionRows.map(toAdminQuestion),
      locked: stats.attempted > 0,
      stats,
      createdAt: iso(quiz.createdAt),
      updatedAt: iso(quiz.updatedAt),
    };
  }

  /**
   * Counts, average and highest score computed by the database; the histogram from (score, count)
   * pairs, so memory grows with the distinct scores, never with the attempts.
   */
  private async stats(quiz: QuizRow, questionRows: QuestionRow[]): Promise<AdminQuizStats> {
    const [totals, scoreCounts] = await Promise.all([
      this.repo.attemptTotals(quiz.id),
      this.repo.scoreCounts(quiz.id),
    ]);
    const maxScore = Math.round(questionRows.length * quiz.markCorrect * 100) / 100;
    return {
      attempted: totals.attempted,
      inProgress: totals.attempted - totals.submitted,
      submitted: totals.submitted,
      averageScore: totals.averageScore === null ? null : Math.round(totals.averageScore * 100) / 100,
      highestScore: totals.highestScore,
      maxScore,
      histogram: scoreHistogramOfCounts(scoreCounts, maxScore),
    };
  }

  // ---- participants ----------------------------------------------------------------------------

  async participants(id: string, params: PageParams): Promise<QuizParticipantsResponse> {
    const quiz = await this.repo.findQuiz(id);
    if (!quiz) throw notFound(QUIZ_NOT_FOUND);
    const { rows, total } = await this.repo.participants(id, windowOf(params));
    return {
      quiz: { _id: quiz.id, name: quiz.name },
      participants: rows.map((r) => toParticipant(r, quiz)),
      total,
      page: params.page,
      limit: params.limit,
    };
  }

  /**
   * Every participant (search applied) as CSV: rank order, spreadsheet-safe cells, UTF-8 with BOM.
   * Streamed: rows are read in pages of CSV_PAGE and written as they come, so memory stays flat
   * however many attempts a quiz has.
   */
  async participantsCsv(id: string, searchTerm?: string): Promise<{ filename: string; csv: Readable }> {
    const quiz = await this.repo.findQuiz(id);
    if (!quiz) throw notFound(QUIZ_NOT_FOUND);
    const search = searchTerm?.trim() || undefined;
    const repo = this.repo;
    async function* records() {
      for (let offset = 0; ; offset += CSV_PAGE) {
        const { rows } = await repo.participants(id, { offset, limit: CSV_PAGE, search });
        for (const r of rows) {
          const p = toParticipant(r, quiz!);
          yield [
            p.rank ?? '',
            p.name,
            p.phNo,
            p.score ?? '',
            p.correctCount ?? '',
            p.elapsedTime === null ? '' : formatElapsed(p.elapsedTime),
            p.elapsedTime === null ? '' : p.elapsedTime.toFixed(1),
            ATTEMPT_STATUS_LABELS[p.status],
            p.startedAt,
            p.submittedAt ?? '',
          ];
        }
        if (rows.length < CSV_PAGE) return;
      }
    }
    const stringifier = stringify({
      bom: true,
      header: true,
      columns: [
        'Rank',
        'Name',
        'Phone',
        'Score',
        'Correct answers',
        'Elapsed time (m:ss)',
        'Elapsed seconds',
        'Status',
        'Started at (UTC)',
        'Submitted at (UTC)',
      ],
      escape_formulas: true,
    });
    const source = Readable.from(records());
    // A failed page ends the download with an error (the client sees a cut transfer, never a partial file as complete).
    source.on('error', (err) => stringifier.destroy(err));
    const csv = source.pipe(stringifier);
    const slug =
      quiz.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'quiz';
    return { filename: `${slug}-participants.csv`, csv };
  }

  // ---- import ----------------------------------------------------------------------------------

  /** Parses and checks a file without saving anything (the editor adds the questions to its form). */
  async previewImport(text: string, format: ImportFormat): Promise<ImportPreviewResponse> {
    const result = parseQuestionFile(text, format);
    if (!result.ok) throw badRequest(result.errors);
    await renderedMath(result.questions, (i) => `Question ${i + 1} (line ${result.questions[i]!.line})`);
    return { format, questions: result.questions.map(stripLine) };
  }

  /** Saves a file's questions to a quiz: all of them or none, never after anyone has started. */
  async importQuestions(
    id: string,
    text: string,
    format: ImportFormat,
    mode: 'append' | 'replace',
  ): Promise<ImportResponse> {
    const result = parseQuestionFile(text, format);
    const math = result.ok
      ? await renderedMath(result.questions, (i) => `Question ${i + 1} (line ${result.questions[i]!.line})`)
      : [];
    const saved = await this.repo.transaction(async (repo) => {
      const quiz = await repo.lockQuiz(id);
      if (!quiz) throw notFound(QUIZ_NOT_FOUND);
      if ((await repo.countAttempts(id)) > 0) throw conflict(LOCKED_QUESTIONS_MESSAGE);
      if (!result.ok) throw badRequest(result.errors);
      const existing = await repo.questionsOf(id);
      const keep = mode === 'append' ? existing.length : 0;
      if (keep + result.questions.length > QUIZ_QUESTIONS_MAX) {
        throw badRequest(
          `A quiz can have at most ${QUIZ_QUESTIONS_MAX} questions: it has ${keep} and the file adds ${result.questions.length}`,
        );
      }
      if (mode === 'replace') await repo.deleteQuestionsExcept(id, []);
      const start = mode === 'append' ? Math.max(-1, ...existing.map((q) => q.position)) + 1 : 0;
      await repo.insertQuestions(
        id,
        result.questions.map((q, i) => questionValues(q, start + i, math[i]!)),
      );
      await repo.updateQuiz(id, {});
      return repo.questionsOf(id);
    });
    return {
      format,
      imported: result.ok ? result.questions.length : 0,
      questions: saved.map(toAdminQuestion),
    };
  }

  // ---- students --------------------------------------------------------------------------------

  async listStudents(params: PageParams): Promise<AdminStudentListResponse> {
    const { rows, total } = await this.repo.listStudents(windowOf(params));
    return {
      students: rows.map(({ user, attemptCount }) => toStudent(user, attemptCount, this.avatars)),
      total,
      page: params.page,
      limit: params.limit,
    };
  }

  async getStudent(id: string): Promise<AdminStudentDetail> {
    const found = await this.repo.findStudent(id);
    if (!found) throw notFound(STUDENT_NOT_FOUND);
    const attemptRows = await this.repo.attemptsOfStudent(id);
    const ranks = await this.repo.ranksOf(attemptRows.map((r) => r.attempt.id));
    const paymentRows = await this.repo.paymentsOfStudent(id);
    return {
      data: {
        ...toStudent(found.user, found.attemptCount, this.avatars),
        updatedAt: iso(found.user.updatedAt),
        attempts: attemptRows.map(({ attempt, quizName, durationMin }) => ({
          _id: attempt.id,
          quiz: { _id: attempt.quizId, name: quizName },
          status: attempt.status,
          score: attempt.score,
          rank: ranks.get(attempt.id) ?? null,
          elapsedTime: elapsedSeconds(attempt, durationMin),
          startedAt: iso(attempt.startedAt),
          submittedAt: attempt.submittedAt ? iso(attempt.submittedAt) : null,
        })),
        payments: paymentRows.map(({ payment, quizName }) => ({
          _id: payment.id,
          quiz: { _id: payment.quizId, name: quizName },
          orderId: payment.orderId,
          providerPaymentId: payment.providerPaymentId,
          amount: paiseToRupees(payment.amountPaise),
          currency: payment.currency,
          status: payment.status,
          createdAt: iso(payment.createdAt),
        })),
      },
    };
  }
}

function stripLine(q: ImportedQuestion) {
  return {
    qn: q.qn,
    choices: q.choices,
    ansIndex: q.ansIndex,
    explanation: q.explanation,
    ...(q.lang ? { lang: q.lang } : {}),
    ...(q.topic ? { topic: q.topic } : {}),
    ...(q.type === 'numeric'
      ? { type: q.type, numericAnswer: q.numericAnswer ?? null, tolerance: q.tolerance ?? null }
      : {}),
    ...(q.qnHi ? { qnHi: q.qnHi, choicesHi: q.choicesHi ?? [] } : {}),
    ...(q.explanationHi ? { explanationHi: q.explanationHi } : {}),
  };
}

function quizSummaryFields(quiz: QuizRow, now: Date) {
  return {
    _id: quiz.id,
    name: quiz.name,
    desc: quiz.desc,
    exam: quiz.exam,
    class: quiz.class,
    duration: quiz.durationMin,
    startTimeStamp: iso(quiz.startAt),
    endTimeStamp: iso(quiz.endAt),
    price: paiseToRupees(quiz.pricePaise),
    published: quiz.published,
    status: adminQuizStatus(
      { published: quiz.published, startTimeStamp: quiz.startAt, endTimeStamp: quiz.endAt },
      now,
    ),
    resultsPublished: quiz.resultsPublishedAt !== null,
  };
}

/** Every change a quiz with attempts may not take, as messages (empty when the edit is allowed). */
function frozenChanges(
  quiz: QuizRow,
  existing: QuestionRow[],
  input: QuizInputParsed,
  values: ReturnType<typeof quizValues>,
): string[] {
  const refused: string[] = [];
  const why = 'after participants have started this quiz';
  if (values.durationMin !== quiz.durationMin) refused.push(`Duration cannot change ${why}`);
  if (!sameTime(values.startAt as Date, quiz.startAt)) refused.push(`Start time cannot change ${why}`);
  if (values.markCorrect !== quiz.markCorrect || values.markWrong !== quiz.markWrong)
    refused.push(`Marking scheme cannot change ${why}`);
  // A learner resuming must see the order they started with (ADR 014).
  if (
    (values.shuffleQuestions !== undefined && values.shuffleQuestions !== quiz.shuffleQuestions) ||
    (values.shuffleChoices !== undefined && values.shuffleChoices !== quiz.shuffleChoices)
  )
    refused.push(`Shuffling cannot change ${why}`);
  if (input.questions.length !== existing.length) {
    refused.push(`Questions cannot be added or removed ${why}`);
    return refused;
  }
  input.questions.forEach((q, i) => {
    const row = existing[i]!;
    const label = `Question ${i + 1}`;
    if (q._id && q._id !== row.id) {
      refused.push(`${label}: questions cannot be reordered or replaced ${why}`);
      return;
    }
    if (
      !sameChoices(
        q.choices.map((c) => c.trim()),
        row.choices,
      )
    )
      refused.push(`${label}: choices cannot change ${why}`);
    const next = questionValues(q, i, null);
    if (
      next.type !== row.type ||
      (next.type === 'mcq' && next.ansIndex !== row.ansIndex) ||
      next.numericAnswer !== row.numericAnswer ||
      next.tolerance !== row.tolerance
    )
      refused.push(`${label}: the correct answer cannot change ${why}`);
  });
  return refused;
}

function toParticipant(
  r: {
    id: string;
    status: QuizParticipant['status'];
    score: number | null;
    correctCount: number | null;
    elapsedMs: number | null;
    startedAt: Date;
    submittedAt: Date | null;
    rank: number | null;
    userId: string;
    name: string;
    phNo: string;
  },
  quiz: QuizRow,
): QuizParticipant {
  return {
    _id: r.id,
    userId: { _id: r.userId, name: r.name, phNo: r.phNo },
    name: r.name,
    phNo: r.phNo,
    score: r.score,
    correctCount: r.correctCount,
    rank: r.rank,
    elapsedTime: elapsedSeconds(r, quiz.durationMin),
    status: r.status,
    startedAt: iso(r.startedAt),
    submittedAt: r.submittedAt ? iso(r.submittedAt) : null,
  };
}

function toStudent(user: UserRow, attemptCount: number, avatars: AvatarUrls): AdminStudentListItem {
  return {
    _id: user.id,
    name: user.name,
    phNo: user.phNo,
    email: user.email,
    place: user.place,
    school: user.school,
    class: user.class,
    role: user.role,
    profilePicUrl: avatars.url(user.profilePicKey),
    createdAt: iso(user.createdAt),
    attemptCount,
  };
}
