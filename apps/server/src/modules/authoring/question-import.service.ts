import type { ImportPreviewResponse, ImportResponse } from '@quizcast/contract/schemas/question-import';
import { QUIZ_QUESTIONS_MAX } from '@quizcast/contract/schemas/quiz-input';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { AuthoringRepository } from './authoring.repository';
import { parseQuestionFile, type ImportedQuestion, type ImportFormat } from './question-import';
import { questionValues, renderedMath, toAdminQuestion } from './quiz-values';

const QUIZ_NOT_FOUND = 'Quiz not found';
export const LOCKED_QUESTIONS_MESSAGE = 'Questions cannot change after participants have started this quiz';

/** Bulk import of a CSV or Aiken file's questions into a quiz, and its preview (issue 7). */
export class QuestionImportService {
  constructor(private readonly repo: AuthoringRepository) {}

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
      const sections = importedSections(quiz.sections, result.questions);
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
        result.questions.map((q, i) => ({
          ...questionValues(q, start + i, math[i]!),
          section: sections[i]!,
        })),
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
}

/**
 * Each imported question's section index (issue 26): its `section` names one of the quiz's sections
 * (English or Hindi name, any case); a quiz with sections needs one on every question, a quiz
 * without takes none. 400 listing every line that does not fit.
 */
function importedSections(
  sections: { name: string; nameHi: string }[],
  questions: ImportedQuestion[],
): (number | null)[] {
  const key = (name: string) => name.trim().toLocaleLowerCase();
  const problems: string[] = [];
  const out = questions.map((q, i) => {
    const label = `Question ${i + 1} (line ${q.line})`;
    if (!q.section) {
      if (sections.length) problems.push(`${label}: this quiz has sections: name one in the section column`);
      return null;
    }
    const index = sections.findIndex(
      (s) => key(s.name) === key(q.section!) || key(s.nameHi) === key(q.section!),
    );
    if (index < 0) problems.push(`${label}: "${q.section}" is not one of this quiz's sections`);
    return index < 0 ? null : index;
  });
  if (problems.length) throw badRequest(problems);
  return out;
}

function stripLine(q: ImportedQuestion) {
  return {
    qn: q.qn,
    choices: q.choices,
    ansIndex: q.ansIndex,
    explanation: q.explanation,
    ...(q.lang ? { lang: q.lang } : {}),
    ...(q.topic ? { topic: q.topic } : {}),
    ...(q.section ? { section: q.section } : {}),
    ...(q.type === 'numeric'
      ? { type: q.type, numericAnswer: q.numericAnswer ?? null, tolerance: q.tolerance ?? null }
      : {}),
    ...(q.qnHi ? { qnHi: q.qnHi, choicesHi: q.choicesHi ?? [] } : {}),
    ...(q.explanationHi ? { explanationHi: q.explanationHi } : {}),
  };
}
