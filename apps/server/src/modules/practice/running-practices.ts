import type { StoredSection } from '../../db/schema';
import type { PracticeQuestionRow } from './practice-questions';
import type { PracticeAttemptRow } from './practice.repository';

/**
 * What this instance last wrote (or read) of a running practice or drill: the attempt row, its
 * questions in the attempt's order as they were visible then (with answers: server side only) and
 * the sections to mark them by (issue 27's bench, as the contest's `RunningAttempts`, ADR 012). A
 * submission scores from it and finishes in one statement that applies only while the attempt is
 * still at this revision and every one of its questions is still visible to the learner at its
 * quiz's version (`PracticeRepository.finish`'s `still`): nothing here is trusted. When another
 * instance saved, an admin withdrew or changed a quiz, or a payment was refunded, that statement
 * writes nothing and the caller reads the attempt and scores again, as it did before this copy
 * existed. Only attempts whose every question was visible (in the attempt's order) are held, so
 * "the same visible set" is a count. A restart loses only this copy.
 *
 * What is remembered never goes back: a copy of an older revision than the one held (a read that
 * began before a save here and ends after it) is not kept, and a read that began before the attempt
 * was forgotten (a submission here finished it) keeps nothing (`open`, `remember`'s `reading`), so a
 * finished attempt is never held again.
 *
 * Bounded by an estimate of its heap bytes (`heapBytes`: each entry's attempt row with its question
 * ids and answers, and each question held once, shared by the entries that hold it); when full the
 * oldest entries (least recently written) go first.
 */
export interface RunningPractice {
  attempt: PracticeAttemptRow;
  questions: PracticeQuestionRow[];
  sections: StoredSection[];
}

/**
 * Heap bytes of a value as V8 holds it on 64-bit Node (no pointer compression), measured against
 * `process.memoryUsage().heapUsed` (running-practices.test.ts): a string is a 16-byte header and one
 * byte a character, or two when any character is outside Latin-1 (Hindi text), rounded up to 8; an
 * object or array 24 bytes and 8 a slot, plus what its slots hold; a Date 32; numbers, booleans and
 * null live in their slot. Each string is counted where it is held, shared or not (an over-count).
 */
export function heapBytes(value: unknown): number {
  if (typeof value === 'string') {
    // eslint-disable-next-line no-control-regex
    const wide = /[^\u0000-\u00ff]/.test(value);
    return (16 + value.length * (wide ? 2 : 1) + 7) & ~7;
  }
  if (value === null || typeof value !== 'object') return 0;
  if (value instanceof Date) return 32;
  const slots = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  let n = 24 + 8 * slots.length;
  for (const v of slots) n += heapBytes(v);
  return n;
}

/** The entry object, its slot in the Map, and its array of references to its questions' records. */
const ENTRY_OVERHEAD_BYTES = 200;
/** A question's slot in the shared Map, its key string, its reference count and its key's slot. */
const QUESTION_OVERHEAD_BYTES = 158;

/**
 * An attempt row's fields and its answers, as held. Its question ids are the held questions' own id
 * strings (`remember`), counted with the questions: here only the array's slots.
 */
function attemptBytes(held: RunningPractice): number {
  const { questionIds, ...row } = held.attempt;
  return (
    ENTRY_OVERHEAD_BYTES +
    heapBytes(row) +
    heapBytes(questionIds.map(() => 0)) +
    heapBytes(held.sections) +
    8 * held.questions.length
  );
}

function questionBytes(q: PracticeQuestionRow): number {
  return QUESTION_OVERHEAD_BYTES + heapBytes(q);
}

/** A question held once for every entry that shows it: its key in the shared Map, and how many entries refer to it. */
interface Pooled {
  question: PracticeQuestionRow;
  /** The Map's own key string (flat and hashed once), for deleting it. */
  key: string;
  refs: number;
  bytes: number;
}

/** A read of an attempt in progress here (`RunningPractices.open`): what it remembers is kept only if no `forget` came since. */
export interface Reading {
  readonly attemptId: string;
  readonly generation: number;
}

export class RunningPractices {
  /**
   * The attempts being read here now, each with how many reads are open and how many times it was
   * forgotten since the first of them opened: as many entries as requests in flight, none at rest.
   */
  private readonly reads = new Map<string, { open: number; generation: number }>();
  /**
   * Each held attempt, with its questions as their shared records (in the attempt's order):
   * dropping it walks those and never builds their keys again (a fresh key string is flattened and
   * hashed at each lookup: 20 of them cost a submission ~20 µs in-process with the bench's 10,000
   * questions held, against ~5 µs this way).
   */
  private readonly entries = new Map<
    string,
    { attempt: PracticeAttemptRow; sections: StoredSection[]; pooled: Pooled[]; bytes: number }
  >();
  /**
   * One object per question and quiz version, shared by every entry holding it (drills draw from
   * one bank: 3,000 drills of 20 questions hold the bank's 10,000 once, not 60,000 copies), with how
   * many entries refer to it.
   */
  private readonly questions = new Map<string, Pooled>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  private static key(q: PracticeQuestionRow): string {
    return `${q.id} ${q.quizVersion}`;
  }

  /** The learner's running attempt, if this instance holds it (someone else's: undefined). */
  get(attemptId: string, userId: string): RunningPractice | undefined {
    const hit = this.entries.get(attemptId);
    if (!hit || hit.attempt.userId !== userId) return undefined;
    return { attempt: hit.attempt, questions: hit.pooled.map((p) => p.question), sections: hit.sections };
  }

  /**
   * Before reading an attempt whose read may be remembered: `remember` with it keeps nothing when the
   * attempt was forgotten in between. Closed with `close` once the read is remembered or given up.
   */
  open(attemptId: string): Reading {
    const read = this.reads.get(attemptId) ?? { open: 0, generation: 0 };
    read.open += 1;
    this.reads.set(attemptId, read);
    return { attemptId, generation: read.generation };
  }

  close(reading: Reading): void {
    const read = this.reads.get(reading.attemptId);
    if (read && --read.open === 0) this.reads.delete(reading.attemptId);
  }

  /**
   * Remember what was just written or read (with the `reading` it was read under, if any). A
   * finished attempt, or one with a question no longer visible, is forgotten instead. Never
   * replaced by an older revision than the one held (a read that began before a save here and
   * ends after it), and nothing is kept from a `reading` the attempt was forgotten during.
   */
  remember(held: RunningPractice, reading?: Reading): void {
    const { attempt, questions } = held;
    if (reading && reading.generation !== this.reads.get(attempt.id)?.generation) return;
    const holding = this.entries.get(attempt.id)?.attempt;
    if (holding && holding.revision > attempt.revision) return;
    this.drop(attempt.id);
    if (attempt.status !== 'in_progress' || questions.length !== attempt.questionIds.length) return;
    if (questions.some((q, i) => q.id !== attempt.questionIds[i])) return;
    // What it adds: the entry, and the questions no other entry holds yet.
    const bytes = attemptBytes(held);
    // Each question's key and size worked out once: the loop below may ask again after each drop.
    const keys = questions.map((q) => RunningPractices.key(q));
    const sizes: (number | undefined)[] = [];
    const adds = () => {
      let n = bytes;
      for (let i = 0; i < questions.length; i++)
        if (!this.questions.has(keys[i]!)) n += sizes[i] ??= questionBytes(questions[i]!);
      return n;
    };
    // One larger than the whole budget is never kept: nothing else is dropped for it.
    if (adds() > this.maxBytes) return;
    while (this.bytes + adds() > this.maxBytes && this.entries.size > 0)
      this.drop(this.entries.keys().next().value!);
    if (this.bytes + adds() > this.maxBytes) return;
    const pooled = questions.map((q, i) => {
      const key = keys[i]!;
      const found = this.questions.get(key);
      if (found) {
        found.refs += 1;
        return found;
      }
      // Its estimate kept with it: a submission's `drop` gives it back without walking it again.
      const bytes = (sizes[i] ??= questionBytes(q));
      const added = { question: q, key, refs: 1, bytes };
      this.questions.set(key, added);
      this.bytes += bytes;
      return added;
    });
    // The question ids held are the shared questions' own strings (the same ids, in the same order):
    // counted once, with the questions (`attemptBytes`).
    const row = { ...attempt, questionIds: pooled.map((p) => p.question.id) };
    this.entries.set(attempt.id, { attempt: row, sections: held.sections, pooled, bytes });
    this.bytes += bytes;
  }

  /**
   * Drop the copy of an attempt (with `userId`: only if it is that learner's), and keep nothing of
   * the reads of it open now (it is finished, or no longer as read).
   */
  forget(attemptId: string, userId?: string): void {
    const entry = this.entries.get(attemptId);
    if (entry && userId !== undefined && entry.attempt.userId !== userId) return;
    const read = this.reads.get(attemptId);
    if (read) read.generation += 1;
    this.drop(attemptId);
  }

  private drop(attemptId: string): void {
    const entry = this.entries.get(attemptId);
    if (!entry) return;
    this.entries.delete(attemptId);
    this.bytes -= entry.bytes;
    for (const pooled of entry.pooled) {
      pooled.refs -= 1;
      if (pooled.refs === 0) {
        this.questions.delete(pooled.key);
        this.bytes -= pooled.bytes;
      }
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }
}
