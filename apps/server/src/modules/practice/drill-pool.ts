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
  byTopic: Map<string, PooledQuestion[]>;
  loadedAt: number;
}

/**
 * Each exam's practisable questions, held in memory for drills (issue 27's bench): a draw picks its
 * candidates here, so PostgreSQL reads only the learner's history for them. The pool never decides
 * what a learner may see. The draw's statement checks each drawn question against the rules at the
 * time of the draw (published results, not withdrawn, the unlock, not dropped, topic and exam) and
 * stores nothing when any fails, and the caller compares each drawn question's quiz version with the
 * one loaded here (a key correction or an edit since): a stale pool costs a fallback, never a leak.
 * What a stale pool can miss is only a question added since (a publication), so it is dropped on
 * every instance when results are published or a key is corrected (the invalidation bus), when the
 * bus may have missed something (`RESET_ALL_KEY`), when a draw found it stale, and after `ttlMs`.
 */
export class DrillPools {
  private readonly pools = new Map<string, Pool>();
  private readonly loading = new Map<string, Promise<Pool | undefined>>();
  /** Bumped by `forget`: a load that overlapped it is used once but not kept. */
  private generation = 0;

  constructor(
    private readonly load: (exam: string) => Promise<PooledQuestion[]>,
    private readonly clock: Clock,
    private readonly ttlMs: number,
    /** An exam with more questions is not held (every draw reads the database). */
    private readonly maxQuestions: number,
  ) {}

  /** Drop every exam's pool (something was published or corrected, or a draw found one stale). */
  forget(): void {
    this.generation += 1;
    this.pools.clear();
    this.loading.clear();
  }

  /**
   * The pooled questions of `topics` in `band` (each at most once), or undefined when the exam's
   * pool is not held (too big).
   */
  async candidates(
    exam: string,
    topics: readonly string[],
    band: DrillDifficulty,
  ): Promise<PooledQuestion[] | undefined> {
    const pool = await this.pool(exam);
    if (!pool) return undefined;
    const out: PooledQuestion[] = [];
    for (const topic of new Set(topics))
      for (const q of pool.byTopic.get(topic) ?? []) if (q.band === band) out.push(q);
    return out;
  }

  private async pool(exam: string): Promise<Pool | undefined> {
    const held = this.pools.get(exam);
    if (held && this.clock.now().getTime() - held.loadedAt < this.ttlMs) return held;
    let loading = this.loading.get(exam);
    if (!loading) {
      const generation = this.generation;
      const loadedAt = this.clock.now().getTime();
      loading = this.load(exam).then(
        (rows) => {
          if (this.loading.get(exam) === loading) this.loading.delete(exam);
          if (rows.length > this.maxQuestions) return undefined;
          const byTopic = new Map<string, PooledQuestion[]>();
          for (const q of rows) {
            const list = byTopic.get(q.topic);
            if (list) list.push(q);
            else byTopic.set(q.topic, [q]);
          }
          const pool = { byTopic, loadedAt };
          if (generation === this.generation) this.pools.set(exam, pool);
          return pool;
        },
        (err: unknown) => {
          if (this.loading.get(exam) === loading) this.loading.delete(exam);
          throw err;
        },
      );
      this.loading.set(exam, loading);
    }
    return loading;
  }
}
