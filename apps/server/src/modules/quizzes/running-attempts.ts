/**
 * What this instance last wrote (or read) of each running attempt: its id, times and answers as
 * JSON text (issue 16, ADR 012 "one statement per save"). An autosave or a submission merges into
 * these answers and writes with a compare-and-swap (`… where answers = $expected`), so the common
 * case sends one statement instead of a read and a write. Nothing here is trusted: when another
 * instance, the sweeper or an admin changed the row, the swap matches nothing and the caller reads
 * the row and merges again, as it did before this cache existed.
 *
 * Bounded by the bytes of the answers it holds (`maxBytes`, an estimate: UTF-16 code units, each
 * one byte for the ASCII JSON of answers, plus a fixed overhead per entry). When full it first drops
 * entries past their deadline + grace (they take no more saves), and otherwise admits nothing new:
 * a herd touches every learner once per round, in the same order, so evicting the oldest would
 * make every lookup a miss, while refusing newcomers keeps a steady share of hits.
 */
export interface RunningAttempt {
  id: string;
  startedAt: number;
  deadlineAt: number;
  /** Time allowed beyond the quiz's duration (ADR 023; `attempts.extra_ms`). */
  extraMs: number;
  /** The answers as stored, JSON text: the `expected` of the next write. */
  answers: string;
  /** A locked quiz's stored section windows as JSON text (ADR 022); null while none was closed early. */
  sections?: string | null;
}

/**
 * The entry object, its numbers, its attempt-id string and its slots in two Maps: ~108 bytes of
 * heap per entry measured (100,000 entries, ids shared) plus ~56 for the id string. Keys are the
 * quiz's and the learner's id strings the caller already holds; the `<quizId>:<userId>` key this
 * replaced cost ~65 bytes more per entry (173 measured the same way).
 */
export const ENTRY_OVERHEAD_BYTES = 160;

export class RunningAttempts {
  /** Quiz id → learner id → entry. */
  private readonly quizzes = new Map<string, Map<string, RunningAttempt>>();
  private count = 0;
  private bytes = 0;
  /** When expired entries were last looked for: a full map scans at most once a second. */
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    readonly maxBytes: number,
    /** Entries past `deadlineAt + graceMs` may be dropped when room is needed. */
    private readonly graceMs: number,
  ) {}

  private static size(entry: RunningAttempt): number {
    return entry.answers.length + ENTRY_OVERHEAD_BYTES;
  }

  get(quizId: string, userId: string): RunningAttempt | undefined {
    return this.quizzes.get(quizId)?.get(userId);
  }

  /** Remember what was just written or read; false when there was no room for a new entry. */
  set(quizId: string, userId: string, entry: RunningAttempt, now: number): boolean {
    const previous = this.get(quizId, userId);
    const grow = RunningAttempts.size(entry) - (previous ? RunningAttempts.size(previous) : 0);
    if (this.bytes + grow > this.maxBytes) {
      this.dropExpired(now);
      if (this.bytes + grow > this.maxBytes) {
        // No room: forget this attempt rather than keep an entry that is out of date.
        if (previous) this.delete(quizId, userId);
        return false;
      }
    }
    let learners = this.quizzes.get(quizId);
    if (!learners) this.quizzes.set(quizId, (learners = new Map()));
    learners.set(userId, entry);
    if (!previous) this.count += 1;
    this.bytes += grow;
    return true;
  }

  delete(quizId: string, userId: string): void {
    const learners = this.quizzes.get(quizId);
    const previous = learners?.get(userId);
    if (!learners || !previous) return;
    learners.delete(userId);
    if (learners.size === 0) this.quizzes.delete(quizId);
    this.count -= 1;
    this.bytes -= RunningAttempts.size(previous);
  }

  get size(): number {
    return this.count;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  private dropExpired(now: number): void {
    if (now - this.lastSweep < 1000) return;
    this.lastSweep = now;
    for (const [quizId, learners] of this.quizzes) {
      for (const [userId, entry] of learners) {
        if (entry.deadlineAt + this.graceMs < now) this.delete(quizId, userId);
      }
    }
  }
}
