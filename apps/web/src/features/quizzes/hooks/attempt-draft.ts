import type { Answer, QuizAttempt } from '@quizcast/contract/schemas/quiz';
import { storage } from '../../../lib/storage';

/**
 * The attempt as kept on the device, so a reload, a crash or a lost connection loses nothing:
 * the chosen answers, where the learner was, whether the server has the latest answers yet, and the
 * loaded attempt itself (questions without answers) so it can reopen without a network.
 */
export interface AttemptDraft {
  version: 1;
  quizId: string;
  /** Server startedAt of the attempt this draft belongs to. */
  startedAt: string;
  /** qnId → chosen choice text. */
  answers: Record<string, string>;
  currentIndex: number;
  /** True while some change has not reached the server. */
  unsynced: boolean;
  attempt: QuizAttempt;
  clockOffsetMs: number;
}

const PREFIX = 'QUIZ_ATTEMPT_DRAFT';

export function draftKey(userId: string, quizId: string): string {
  return `${PREFIX}:${userId}:${quizId}`;
}

export function readDraft(userId: string, quizId: string): AttemptDraft | null {
  const raw = storage.get(draftKey(userId, quizId));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as AttemptDraft;
    if (draft.version !== 1 || draft.quizId !== quizId || typeof draft.answers !== 'object') return null;
    return draft;
  } catch {
    return null;
  }
}

export function writeDraft(userId: string, draft: AttemptDraft): void {
  storage.set(draftKey(userId, draft.quizId), JSON.stringify(draft));
}

export function clearDraft(userId: string, quizId: string): void {
  storage.remove(draftKey(userId, quizId));
}

export function answersFromList(list: Answer[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const a of list) if (a.selectedOption) map[a.qnId] = a.selectedOption;
  return map;
}

/** Answers in question order, as the server takes them (unanswered questions left out). */
export function answersToList(questions: { _id: string }[], answers: Record<string, string>): Answer[] {
  return questions
    .filter((q) => answers[q._id] !== undefined)
    .map((q) => ({ qnId: q._id, selectedOption: answers[q._id]! }));
}

function sameAnswers(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * Where to resume: the server's saved answers, plus this device's unsent changes when the draft
 * belongs to the same attempt (same server startedAt). A draft from an older attempt is ignored.
 */
export function resumeState(
  draft: AttemptDraft | null,
  attempt: QuizAttempt,
): { answers: Record<string, string>; currentIndex: number; unsynced: boolean } {
  const server = answersFromList(attempt.savedAnswers);
  const valid = new Map(attempt.questions.map((q) => [q._id, q.choices]));
  if (!draft || draft.startedAt !== attempt.startedAt)
    return { answers: server, currentIndex: 0, unsynced: false };
  const answers = { ...server };
  if (draft.unsynced) {
    for (const [qnId, option] of Object.entries(draft.answers)) {
      if (valid.get(qnId)?.includes(option)) answers[qnId] = option;
    }
  }
  const lastIndex = Math.max(0, attempt.questions.length - 1);
  return {
    answers,
    currentIndex: Math.min(Math.max(0, draft.currentIndex | 0), lastIndex),
    unsynced: !sameAnswers(answers, server),
  };
}
