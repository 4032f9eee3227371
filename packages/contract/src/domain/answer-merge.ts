/**
 * How the saved answers of a running attempt are merged (ADR 016). Every change a learner makes to a
 * question (choose, clear, mark for review, visit, time on screen) is stamped by the client with the
 * next value of a per-attempt sequence, `seq`. The server keeps, per question:
 *
 * - the response (`selectedOption`, `markedForReview`) of the entry with the highest `seq`: a stale,
 *   replayed or reordered save can never revert a newer one, and a cleared answer is an explicit entry
 *   with `selectedOption: null`, never the absence of one;
 * - `visited` once true, and `timeSpentMs` as the largest value seen: both only grow.
 *
 * An entry without `seq` (an older client) is taken as newer than anything stored.
 */
export interface AnswerEntry {
  qnId: string;
  selectedOption?: string | null;
  markedForReview?: boolean;
  visited?: boolean;
  /** Milliseconds the question was on screen (foreground), in total. */
  timeSpentMs?: number;
  /** The client's per-attempt sequence number of the change this entry carries. */
  seq?: number;
}

/** A stored entry: every field present. */
export interface MergedAnswer {
  qnId: string;
  selectedOption: string | null;
  markedForReview: boolean;
  visited: boolean;
  timeSpentMs: number;
  seq: number;
}

export function normalizeEntry(entry: AnswerEntry, seq: number): MergedAnswer {
  return {
    qnId: entry.qnId,
    selectedOption: entry.selectedOption ?? null,
    markedForReview: entry.markedForReview ?? false,
    visited: entry.visited ?? (entry.selectedOption != null || entry.markedForReview === true),
    timeSpentMs: Math.max(0, Math.round(entry.timeSpentMs ?? 0)),
    seq,
  };
}

/** The highest sequence number in a set of entries (0 when none). */
export function maxSeq(entries: readonly AnswerEntry[]): number {
  let max = 0;
  for (const e of entries) if (typeof e.seq === 'number' && e.seq > max) max = e.seq;
  return max;
}

/**
 * Merge incoming entries into the stored ones. Commutative for entries with distinct `seq`s,
 * idempotent and associative: any interleaving, duplication or reordering of saves ends in the same
 * state, holding the newest response for every question. Order of the result: stored order, then new
 * questions in arrival order.
 */
export function mergeAnswers(
  stored: readonly AnswerEntry[],
  incoming: readonly AnswerEntry[],
): MergedAnswer[] {
  const result = new Map<string, MergedAnswer>();
  let top = 0;
  for (const e of stored) {
    const merged = merge(result.get(e.qnId), normalizeEntry(e, e.seq ?? 0));
    result.set(e.qnId, merged);
    top = Math.max(top, merged.seq);
  }
  for (const e of incoming) {
    // No seq: an older client's last-write-wins save, newer than everything stored so far.
    const seq = e.seq ?? ++top;
    top = Math.max(top, seq);
    result.set(e.qnId, merge(result.get(e.qnId), normalizeEntry(e, seq)));
  }
  return [...result.values()];
}

function merge(current: MergedAnswer | undefined, next: MergedAnswer): MergedAnswer {
  if (!current) return next;
  // Equal seq with a different response only happens across devices; break the tie deterministically.
  const nextWins =
    next.seq > current.seq || (next.seq === current.seq && responseKey(next) > responseKey(current));
  const response = nextWins ? next : current;
  return {
    qnId: current.qnId,
    selectedOption: response.selectedOption,
    markedForReview: response.markedForReview,
    visited: current.visited || next.visited,
    timeSpentMs: Math.max(current.timeSpentMs, next.timeSpentMs),
    seq: Math.max(current.seq, next.seq),
  };
}

function responseKey(a: MergedAnswer): string {
  return `${a.markedForReview ? 1 : 0}:${a.selectedOption ?? ''}`;
}

/**
 * The server's limits on time per question: each value within [0, durationMs], and their sum no more
 * than the attempt's elapsed time (scaled down proportionally when it is more).
 */
export function clampTimes<T extends { timeSpentMs: number }>(
  entries: readonly T[],
  limits: { durationMs: number; elapsedMs: number },
): T[] {
  const each = entries.map((e) => ({
    ...e,
    timeSpentMs: Math.min(Math.max(0, Math.round(e.timeSpentMs)), Math.max(0, limits.durationMs)),
  }));
  const budget = Math.max(0, Math.min(limits.elapsedMs, limits.durationMs));
  const sum = each.reduce((total, e) => total + e.timeSpentMs, 0);
  if (sum <= budget) return each;
  const factor = budget / sum;
  return each.map((e) => ({ ...e, timeSpentMs: Math.floor(e.timeSpentMs * factor) }));
}

/** The five palette states of the exam hall (NTA, TCS iON, IBPS). */
export const PALETTE_STATES = [
  'not_visited',
  'not_answered',
  'answered',
  'marked',
  'answered_marked',
] as const;
export type PaletteState = (typeof PALETTE_STATES)[number];

export const PALETTE_LABELS: Record<PaletteState, string> = {
  not_visited: 'Not Visited',
  not_answered: 'Not Answered',
  answered: 'Answered',
  marked: 'Marked for Review',
  answered_marked: 'Answered & Marked for Review',
};

export function paletteState(entry: Partial<AnswerEntry> | undefined): PaletteState {
  const answered = entry?.selectedOption != null;
  if (entry?.markedForReview) return answered ? 'answered_marked' : 'marked';
  if (answered) return 'answered';
  return entry?.visited ? 'not_answered' : 'not_visited';
}

/** How many questions are in each palette state. */
export function paletteCounts(
  questionIds: readonly string[],
  entries: Readonly<Record<string, Partial<AnswerEntry> | undefined>>,
): Record<PaletteState, number> {
  const counts = Object.fromEntries(PALETTE_STATES.map((s) => [s, 0])) as Record<PaletteState, number>;
  for (const id of questionIds) counts[paletteState(entries[id])] += 1;
  return counts;
}

/**
 * The questions the submit confirmation calls unanswered: never visited, visited and left blank, or
 * marked for review without an answer (answered-and-marked counts as answered: it is scored).
 */
export function unansweredCount(counts: Readonly<Record<PaletteState, number>>): number {
  return counts.not_visited + counts.not_answered + counts.marked;
}
