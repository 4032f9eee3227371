import { storage } from '../../../lib/storage';
import type { QuizDraft } from './quiz-draft';

/** Unsaved edits survive a reload (patchy data, accidental refresh) until saved or discarded. */
const draftKey = (quizId?: string) => `quizcast.admin.quizDraft.${quizId ?? 'new'}`;

export function readSavedDraft(quizId?: string): QuizDraft | null {
  const raw = storage.get(draftKey(quizId));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as QuizDraft;
    // Drafts saved before questions had a topic (issue 14) or sections (issue 26) get none.
    return {
      ...draft,
      navigation: draft.navigation ?? 'free',
      sections: draft.sections ?? [],
      questions: draft.questions.map((q) => ({ ...q, topic: q.topic ?? '', section: q.section ?? null })),
    };
  } catch {
    return null;
  }
}

export function keepDraft(draft: QuizDraft, quizId?: string): void {
  storage.set(draftKey(quizId), JSON.stringify(draft));
}

export function forgetDraft(quizId?: string): void {
  storage.remove(draftKey(quizId));
}
