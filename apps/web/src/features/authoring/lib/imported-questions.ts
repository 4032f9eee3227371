import type { ImportPreviewResponse } from '@quizcast/contract/schemas/question-import';
import { isBlankQuestion, newKey, type DraftQuestion } from './quiz-draft';

/** Where imported questions go: in place of every question, or after the non-blank ones. */
export type ImportMode = 'append' | 'replace';

/** The import preview's questions as editor drafts (every optional field filled in). */
export function draftQuestionsFromImport(imported: ImportPreviewResponse['questions']): DraftQuestion[] {
  return imported.map((q) => ({
    key: newKey(),
    qn: q.qn,
    choices: q.choices,
    ansIndex: q.ansIndex,
    explanation: q.explanation ?? '',
    lang: q.lang ?? 'en',
    topic: q.topic ?? '',
    type: q.type ?? 'mcq',
    numericAnswer: q.numericAnswer ?? '',
    tolerance: q.tolerance ?? '',
    qnHi: q.qnHi ?? '',
    choicesHi: q.choices.map((_, i) => q.choicesHi?.[i] ?? ''),
    explanationHi: q.explanationHi ?? '',
  }));
}

export function withImported(
  current: DraftQuestion[],
  fresh: DraftQuestion[],
  mode: ImportMode,
): DraftQuestion[] {
  return mode === 'replace' ? fresh : [...current.filter((q) => !isBlankQuestion(q)), ...fresh];
}
