import { mergeAnswers, normalizeEntry, type MergedAnswer } from '@quizcast/contract/domain/answer-merge';
import type { Answer, QuizAttempt } from '@quizcast/contract/schemas/quiz';
import { storage } from '../../../lib/storage';

/**
 * The attempt as kept on the device (ADR 016), in two keys so the big part is written once:
 *
 * - the **snapshot**: the loaded attempt (questions without answers) and the clock offset, written
 *   when it arrives from the server, so a reload without network still opens the quiz;
 * - the **state**: small, rewritten on every change: each question's entry (response, mark, visit,
 *   time, seq), the highest seq the server acknowledged per question, the seq counter, where the
 *   learner was and the id of the one submission.
 *
 * Answers always come from the state merged with what the server sent, never from the snapshot's
 * copy of the saved answers, so a stale snapshot can never bring back old answers.
 */
export type Entry = MergedAnswer;

export interface AttemptSnapshot {
  version: 2;
  attempt: QuizAttempt;
  clockOffsetMs: number;
}

export interface AttemptState {
  version: 2;
  quizId: string;
  /** Server startedAt of the attempt this state belongs to (a new attempt ignores an old state). */
  startedAt: string;
  deadlineAt: string;
  entries: Record<string, Entry>;
  /** Per question, the highest seq the server has acknowledged. */
  acked: Record<string, number>;
  /** The last seq given to a change. */
  seq: number;
  currentIndex: number;
  /** Sent with every try of the submission, so a retry is answered as the first was. */
  submissionId: string;
}

const SNAPSHOT_PREFIX = 'QUIZ_ATTEMPT:';
const STATE_PREFIX = 'QUIZ_ATTEMPT_STATE:';
/** Before ADR 016 the whole attempt was rewritten under this prefix on every change. */
const LEGACY_PREFIX = 'QUIZ_ATTEMPT_DRAFT:';
/** Copies are removed this long after their attempt's deadline (it was submitted or auto-submitted by then). */
const KEEP_AFTER_DEADLINE_MS = 60 * 60_000;

export const snapshotKey = (userId: string, quizId: string) => `${SNAPSHOT_PREFIX}${userId}:${quizId}`;
export const stateKey = (userId: string, quizId: string) => `${STATE_PREFIX}${userId}:${quizId}`;

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function readSnapshot(userId: string, quizId: string): AttemptSnapshot | null {
  const snapshot = parse<AttemptSnapshot>(storage.get(snapshotKey(userId, quizId)));
  return snapshot?.version === 2 && snapshot.attempt?._id === quizId ? snapshot : null;
}

/** False when the device refused to store it. */
export function writeSnapshot(userId: string, snapshot: AttemptSnapshot): boolean {
  return storage.set(snapshotKey(userId, snapshot.attempt._id), JSON.stringify(snapshot));
}

export function readState(userId: string, quizId: string): AttemptState | null {
  const state = parse<AttemptState>(storage.get(stateKey(userId, quizId)));
  return state?.version === 2 && state.quizId === quizId && typeof state.entries === 'object' ? state : null;
}

/** False when the device refused to store it. */
export function writeState(userId: string, state: AttemptState): boolean {
  return storage.set(stateKey(userId, state.quizId), JSON.stringify(state));
}

/** The attempt is over (submitted, or refused by the server): nothing of it stays on the device. */
export function clearDeviceCopy(userId: string, quizId: string): void {
  storage.remove(snapshotKey(userId, quizId));
  storage.remove(stateKey(userId, quizId));
  storage.remove(`${LEGACY_PREFIX}${userId}:${quizId}`);
}

/**
 * Remove copies of attempts that are certainly finished (deadline long past) and every copy in the
 * old format, for any account that used this device.
 */
export function pruneDeviceCopies(nowMs: number): void {
  for (const key of storage.keys(LEGACY_PREFIX)) storage.remove(key);
  for (const key of storage.keys(STATE_PREFIX)) {
    const state = parse<AttemptState>(storage.get(key));
    const deadline = state ? Date.parse(state.deadlineAt) : NaN;
    if (!Number.isFinite(deadline) || deadline + KEEP_AFTER_DEADLINE_MS < nowMs) {
      storage.remove(key);
      storage.remove(SNAPSHOT_PREFIX + key.slice(STATE_PREFIX.length));
    }
  }
  for (const key of storage.keys(SNAPSHOT_PREFIX)) {
    if (storage.get(STATE_PREFIX + key.slice(SNAPSHOT_PREFIX.length)) !== null) continue;
    const snapshot = parse<AttemptSnapshot>(storage.get(key));
    const deadline = snapshot ? Date.parse(snapshot.attempt?.deadlineAt) : NaN;
    if (!Number.isFinite(deadline) || deadline + KEEP_AFTER_DEADLINE_MS < nowMs) storage.remove(key);
  }
}

/** A random id for the one submission of an attempt (works without a secure context). */
export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `sub-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Where to resume: the device's state for this attempt merged per question (by seq) with what the
 * server holds. `serverAnswers` is null when the attempt was opened from the device copy (no network):
 * then the device's own record of what the server acknowledged stands.
 */
export function resumeState(
  saved: AttemptState | null,
  attempt: QuizAttempt,
  serverAnswers: Answer[] | null,
): AttemptState {
  const valid = new Map(attempt.questions.map((q) => [q._id, q.choices]));
  const own = saved && saved.startedAt === attempt.startedAt ? saved : null;
  // Entries naming a question or choice the attempt does not have are dropped (a changed quiz).
  const localEntries = Object.values(own?.entries ?? {}).filter(
    (e) => valid.has(e.qnId) && (e.selectedOption === null || valid.get(e.qnId)!.includes(e.selectedOption)),
  );
  const server = (serverAnswers ?? []).map((a) => normalizeEntry(a, a.seq ?? 0));
  const entries = Object.fromEntries(mergeAnswers(server, localEntries).map((e) => [e.qnId, e]));
  const acked: Record<string, number> = serverAnswers ? {} : { ...own?.acked };
  for (const e of server) acked[e.qnId] = Math.max(acked[e.qnId] ?? 0, e.seq);
  const top = Math.max(own?.seq ?? 0, ...Object.values(entries).map((e) => e.seq));
  const lastIndex = Math.max(0, attempt.questions.length - 1);
  return {
    version: 2,
    quizId: attempt._id,
    startedAt: attempt.startedAt,
    deadlineAt: attempt.deadlineAt,
    entries,
    acked,
    seq: top,
    currentIndex: Math.min(Math.max(0, (own?.currentIndex ?? 0) | 0), lastIndex),
    submissionId: own?.submissionId ?? newSubmissionId(),
  };
}

/** Entries the server has not acknowledged yet. */
export function pendingEntries(state: Pick<AttemptState, 'entries' | 'acked'>): Entry[] {
  return Object.values(state.entries).filter((e) => e.seq > (state.acked[e.qnId] ?? 0));
}

/** Entries as the API takes them. */
export function toAnswers(entries: Entry[]): Answer[] {
  return entries.map((e) => ({
    qnId: e.qnId,
    selectedOption: e.selectedOption,
    markedForReview: e.markedForReview,
    visited: e.visited,
    timeSpentMs: Math.max(0, Math.round(e.timeSpentMs)),
    seq: e.seq,
  }));
}
