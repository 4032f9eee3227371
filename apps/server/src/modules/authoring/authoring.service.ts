import { scoreHistogramOfCounts } from '@quizcast/contract/domain/admin-quiz';
import { quizIntegrityDefaults } from '@quizcast/contract/domain/quiz-integrity';
import type { AdminQuiz, AdminQuizListResponse, AdminQuizStats } from '@quizcast/contract/schemas/admin-quiz';
import type { QuizInputParsed } from '@quizcast/contract/schemas/quiz-input';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { windowOf, type PageParams } from '../../lib/page-window';
import type { FileStorage } from '../../providers/storage/storage';
import type { UserRow } from '../students/student.repository';
import type { AuthoringRepository, QuestionRow, QuestionValues, QuizRow } from './authoring.repository';
import {
  frozenChanges,
  frozenSectionChanges,
  iso,
  questionTexts,
  questionValues,
  quizSummaryFields,
  quizValues,
  renderedMath,
  sameTime,
  sectionValues,
  toAdminQuestion,
} from './quiz-values';

const QUIZ_NOT_FOUND = 'Quiz not found';
export const END_TIME_AFTER_PUBLICATION_MESSAGE =
  'The end time cannot change after the results have been published';

/** The rules of authoring quizzes: create, edit (frozen parts once anyone started), delete, list, read (issue 7). */
export class AuthoringService {
  constructor(
    private readonly repo: AuthoringRepository,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
  ) {}

  /** Files of questions that are gone (after the transaction committed). A failed delete leaves a stray file, never an error. */
  private async deleteRecordings(keys: string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => this.storage.delete(key)));
  }

  // ---- quizzes ---------------------------------------------------------------------------------

  async createQuiz(input: QuizInputParsed, admin: UserRow): Promise<AdminQuiz> {
    const math = await renderedMath(input.questions, (i) => `Question ${i + 1}`);
    const { questionSections, ...sections } = sectionValues(input, null, []);
    const quiz = await this.repo.transaction((repo) =>
      repo.insertQuiz(
        { ...quizIntegrityDefaults(input), ...quizValues(input), ...sections, createdBy: admin.id },
        input.questions.map((q, i) => ({ ...questionValues(q, i, math[i]!), section: questionSections[i]! })),
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
      const { questionSections, ...sections } = sectionValues(input, quiz, existing);
      const values = { ...quizValues(input), ...sections };
      const endChanged = !sameTime(values.endAt as Date, quiz.endAt);
      // Published results are final: a new end would reopen a quiz whose answers are visible.
      if (endChanged && quiz.resultsPublishedAt) throw conflict(END_TIME_AFTER_PUBLICATION_MESSAGE);
      // An earlier end also ends running attempts then, in this transaction: publication (end + grace)
      // never comes while an attempt can still submit.
      if (endChanged) await repo.clampDeadlines(id, values.endAt as Date);
      const started = (await repo.countAttempts(id)) > 0;

      if (started) {
        const refused = [
          ...frozenChanges(quiz, existing, input, values),
          ...(input.questions.length === existing.length
            ? frozenSectionChanges(quiz, existing, { ...sections, questionSections })
            : []),
        ];
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
        const v = { ...questionValues(q, i, math[i]!), section: questionSections[i]! };
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
      navigation: quiz.navigation,
      sections: quiz.sections.map((s) => ({
        name: s.name,
        nameHi: s.nameHi,
        duration: s.durationMin,
        markingScheme:
          s.markCorrect === null && s.markWrong === null
            ? null
            : { correct: s.markCorrect ?? quiz.markCorrect, wrong: s.markWrong ?? quiz.markWrong },
        cutoff: s.cutoff,
      })),
      previousYear: quiz.previousYear,
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
}
