import type { PracticeAttempt, PracticeFeedback } from '@quizcast/contract/schemas/practice';
import { storage } from '../../../lib/storage';

/**
 * A running practice as kept on the device (issue 27), like the exam attempt's copy (ADR 016): the
 * attempt as loaded (questions without answers), each answer with its seq, the highest seq the server
 * acknowledged per question, and the feedback the server gave. Reopened when the server cannot be
 * reached; unacknowledged answers are sent when the connection returns. The server stays the judge:
 * feedback only ever comes from its replies.
 */
export interface PracticeDeviceCopy {
  version: 1;
  attempt: PracticeAttempt;
  answers: Record<string, { selectedOption: string | null; seq: number }>;
  acked: Record<string, number>;
  feedback: PracticeFeedback[];
  /** The last seq given to an answer. */
  seq: number;
  index: number;
}

const PREFIX = 'PRACTICE_ATTEMPT:';
/** Copies of practices not opened for this long are removed (a practice has no window to wait for). */
const KEEP_MS = 14 * 24 * 60 * 60_000;

export const practiceCopyKey = (userId: string, attemptId: string) => `${PREFIX}${userId}:${attemptId}`;

export function readPracticeCopy(userId: string, attemptId: string): PracticeDeviceCopy | null {
  const raw = storage.get(practiceCopyKey(userId, attemptId));
  if (!raw) return null;
  try {
    const copy = JSON.parse(raw) as PracticeDeviceCopy;
    return copy?.version === 1 && copy.attempt?._id === attemptId && typeof copy.answers === 'object'
      ? copy
      : null;
  } catch {
    return null;
  }
}

/** False when the device refused to store it. */
export function writePracticeCopy(userId: string, copy: PracticeDeviceCopy): boolean {
  return storage.set(practiceCopyKey(userId, copy.attempt._id), JSON.stringify(copy));
}

export function clearPracticeCopy(userId: string, attemptId: string): void {
  storage.remove(practiceCopyKey(userId, attemptId));
}

/** Removes copies of practices started long ago (any account on this device). */
export function prunePracticeCopies(nowMs: number): void {
  for (const key of storage.keys(PREFIX)) {
    try {
      const copy = JSON.parse(storage.get(key) ?? '') as PracticeDeviceCopy;
      const started = Date.parse(copy.attempt.startedAt);
      if (!(started + KEEP_MS >= nowMs)) storage.remove(key);
    } catch {
      storage.remove(key);
    }
  }
}

/**
 * Where a practice resumes: the server's answers and the device's merged per question by seq (the
 * newer wins), and every feedback either side holds. `copy` may be of an older load.
 */
export function resumePractice(
  attempt: PracticeAttempt,
  copy: PracticeDeviceCopy | null,
): PracticeDeviceCopy {
  const answers: PracticeDeviceCopy['answers'] = {};
  const acked: PracticeDeviceCopy['acked'] = {};
  for (const a of attempt.savedAnswers) {
    const seq = a.seq ?? 0;
    answers[a.qnId] = { selectedOption: a.selectedOption ?? null, seq };
    acked[a.qnId] = seq;
  }
  for (const [qnId, mine] of Object.entries(copy?.answers ?? {})) {
    const theirs = answers[qnId];
    if (!theirs || mine.seq > theirs.seq) answers[qnId] = mine;
  }
  for (const [qnId, seq] of Object.entries(copy?.acked ?? {})) acked[qnId] = Math.max(acked[qnId] ?? 0, seq);
  const feedback = new Map(attempt.feedback.map((f) => [f.qnId, f]));
  for (const f of copy?.feedback ?? []) if (!feedback.has(f.qnId)) feedback.set(f.qnId, f);
  const seq = Math.max(copy?.seq ?? 0, ...Object.values(answers).map((a) => a.seq));
  const index = Math.min(Math.max(copy?.index ?? 0, 0), Math.max(attempt.questions.length - 1, 0));
  return { version: 1, attempt, answers, acked, feedback: [...feedback.values()], seq, index };
}

/** Answers the server has not acknowledged yet, as a save sends them. */
export function unsentAnswers(copy: PracticeDeviceCopy) {
  return Object.entries(copy.answers)
    .filter(([qnId, a]) => a.seq > (copy.acked[qnId] ?? 0))
    .map(([qnId, a]) => ({ qnId, selectedOption: a.selectedOption, seq: a.seq }));
}

/**
 * The daily five's instant feedback without the server (issue 28): the outcome the attempt's
 * `offlineKey` gives the chosen option (marking's, computed on the server when it was loaded), or
 * null where it has none (other practices, numeric questions). The server judges again on sync.
 */
export function keyedFeedback(
  attempt: PracticeAttempt,
  qnId: string,
  selectedOption: string | null,
): PracticeFeedback | null {
  const key = attempt.offlineKey?.find((k) => k.qnId === qnId);
  const outcome = selectedOption === null ? undefined : key?.outcomes[selectedOption];
  return key && outcome ? { ...key.feedback, qnId, outcome } : null;
}
