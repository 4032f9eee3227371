import { useEffect, useState } from 'react';
import type { AdminQuiz } from '@quizcast/contract/schemas/admin-quiz';
import { forgetDraft, keepDraft, readSavedDraft } from '../lib/draft-storage';
import { draftFromQuiz, emptyDraft, type DraftQuestion, type QuizDraft } from '../lib/quiz-draft';

/**
 * The editor's draft: restored from this device when a reload interrupted it, kept on the device on
 * every change, and guarded against leaving the page while it has unsaved changes.
 */
export function useQuizDraft(quiz?: AdminQuiz) {
  const quizId = quiz?._id;
  const [restored] = useState(() => readSavedDraft(quizId));
  const [draft, setDraft] = useState<QuizDraft>(
    () => restored ?? (quiz ? draftFromQuiz(quiz) : emptyDraft()),
  );
  const [dirty, setDirty] = useState(restored !== null);
  const [showRestored, setShowRestored] = useState(restored !== null);

  useEffect(() => {
    if (dirty) keepDraft(draft, quizId);
  }, [draft, dirty, quizId]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (patch: Partial<QuizDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  /** A change that reads the whole draft (sections move questions with them). */
  const update = (change: (d: QuizDraft) => QuizDraft) => {
    setDraft(change);
    setDirty(true);
  };
  const setQuestions = (update: (qs: DraftQuestion[]) => DraftQuestion[]) => {
    setDraft((d) => ({ ...d, questions: update(d.questions) }));
    setDirty(true);
  };
  const moveQuestion = (index: number, delta: -1 | 1) =>
    setQuestions((qs) => {
      const target = index + delta;
      if (target < 0 || target >= qs.length) return qs;
      const next = [...qs];
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });

  /** Back to the saved quiz (or a blank one), forgetting the device copy. */
  const discard = () => {
    forgetDraft(quizId);
    setDraft(quiz ? draftFromQuiz(quiz) : emptyDraft());
    setDirty(false);
    setShowRestored(false);
  };

  /** Saved or deleted on the server: nothing left to keep or warn about. */
  const settle = () => {
    forgetDraft(quizId);
    setDirty(false);
  };

  return { draft, dirty, showRestored, change, update, setQuestions, moveQuestion, discard, settle };
}
