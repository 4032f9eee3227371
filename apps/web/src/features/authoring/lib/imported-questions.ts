import type { ImportPreviewResponse } from '@quizcast/contract/schemas/question-import';
import { isBlankQuestion, newKey, type DraftQuestion } from './quiz-draft';

/** Where imported questions go: in place of every question, or after the non-blank ones. */
export type ImportMode = 'append' | 'replace';

/**
 * The import preview's questions as editor drafts (every optional field filled in). With sections,
 * a question joins the section its file names (by its English or Hindi name, any case), else the first.
 */
export function draftQuestionsFromImport(
  imported: ImportPreviewResponse['questions'],
  sections: readonly { name: string; nameHi: string }[] = [],
): DraftQuestion[] {
  const named = (label?: string) => {
    if (!sections.length) return null;
    const wanted = label?.trim().toLowerCase();
    const found = wanted
      ? sections.findIndex((s) => s.name.trim().toLowerCase() === wanted || s.nameHi.trim() === label?.trim())
      : -1;
    return Math.max(0, found);
  };
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
    section: named(q.section),
  }));
}

export function withImported(
  current: DraftQuestion[],
  fresh: DraftQuestion[],
  mode: ImportMode,
): DraftQuestion[] {
  return mode === 'replace' ? fresh : [...current.filter((q) => !isBlankQuestion(q)), ...fresh];
}
