import type { DrillDifficulty } from '@quizcast/contract/domain/practice';
import type { Clock } from '../../lib/clock';
import type { PracticeQuestionRow } from './practice.repository';

/** A question of an exam's drill pool as it was loaded, with what the draw filters it by. */
export interface PooledQuestion {
  question: PracticeQuestionRow;
  topic: string;
  band: DrillDifficulty;
  /** Its quiz had a price when loaded: the draw asks for the learner's unlock. */
  paid: boolean;
}

interface Pool {
  /** Null: the exam has more than `maxQuestions` (not held; loaded again after the TTL). */
  byTopic: Map<string, PooledQuestion[]> | null;
  loadedAt: number;
}

/**
 * Each exam's practisable questions, held in memory for drills (issue 27's bench): a draw picks its
 * candidates here, so PostgreSQL reads only the learner's history of them. The pool never decides
 * what a learner may see. The draw's statement checks each drawn question against the rules at the
 * time of the draw (published results, not withdrawn, the unlock, not dropped, topic and exam) and
 * stores nothing when any fails, and the caller compares each drawn question's quiz version with the
 * one loaded here (a key correction or an edit since): a stale pool costs a fallback, never a leak.
 * What a stale pool can miss is only a question added since (a publication), so it is dropped on
 * every instance when results are published or a key is corrected (the invalidation bus), when the
 * bus may have missed something (`RESET_ALL_KEY`), and when a draw found it stale; after `ttlMs` it
 * is loaded again. Loads run in the background: no drill waits for one (the bench's first 50 drills
 * waited ~250 ms for the first load, its p99). Until an exam's pool is loaded its drills draw from
 * the database; an old pool serves while its reload runs.
 */
export class DrillPools {
  private readonly pools = new Map<string, Pool>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Bumped by `forget`: a load that overlapped it is not kept. */
  private generation = 0;

  constructor(
    private readonly load: (exam: string) => Promise<PooledQuestion[]>,
    private readonly clock: Clock,
    private readonly ttlMs: number,
    /** An exam with more questions is not held (every draw reads the database). */
    private readonly maxQuestions: number,
    private readonly onError: (err: unknown, exam: string) => void,
  ) {}

  /** Drop every exam's pool (something was published or corrected, or a draw found one stale). */
  forget(): void {
    this.generation += 1;
    this.pools.clear();
  }

  /**
   * The pooled questions of `topics` in `band` (each at most once), or undefined while the exam's
   * pool is not held (not loaded yet, dropped, or too big): a load starts then, and when it is old.
   */
  candidates(exam: string, topics: readonly string[], band: DrillDifficulty): PooledQuestion[] | undefined {
    const pool = this.pools.get(exam);
    if (!pool || this.clock.now().getTime() - pool.loadedAt >= this.ttlMs) this.refresh(exam);
    if (!pool?.byTopic) return undefined;
    const out: PooledQuestion[] = [];
    for (const topic of new Set(topics))
      for (const q of pool.byTopic.get(topic) ?? []) if (q.band === band) out.push(q);
    return out;
  }

  /** Settles once every load started so far has (tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.loading.values()]);
  }

  private refresh(exam: string): void {
    if (this.loading.has(exam)) return;
    const generation = this.generation;
    const loadedAt = this.clock.now().getTime();
    const loading = this.load(exam)
      .then((rows) => {
        if (generation !== this.generation) return;
        if (rows.length > this.maxQuestions) {
          this.pools.set(exam, { byTopic: null, loadedAt });
          return;
        }
        const byTopic = new Map<string, PooledQuestion[]>();
        for (const q of rows) {
          const list = byTopic.get(q.topic);
          if (list) list.push(q);
          else byTopic.set(q.topic, [q]);
        }
        this.pools.set(exam, { byTopic, loadedAt });
      })
      .catch((err: unknown) => this.onError(err, exam))
      .finally(() => {
        if (this.loading.get(exam) === loading) this.loading.delete(exam);
      });
    this.loading.set(exam, loading);
  }
}
