import type { FastifyBaseLogger } from 'fastify';
import type { ResultsRepository } from './results.repository';

/** How many due quizzes one sweep publishes at most (the next sweep takes the rest). */
const PUBLISH_BATCH = 20;

/**
 * A quiz whose analysis failed waits before its next try, doubling from one minute up to an hour,
 * so that quizzes that fail on every sweep cannot take every turn from the ones behind them.
 */
const ANALYSIS_RETRY_FIRST_MS = 60_000;
const ANALYSIS_RETRY_MAX_MS = 60 * 60_000;
/** A quiz analysed by another instance leaves its entry here; this bounds them. */
const ANALYSIS_FAILURES_KEPT = 1000;

/** When a failed analysis may run again: 1, 2, 4, … minutes after its latest failure, at most an hour. */
export function analysisRetryAt(failures: number, failedAt: number): number {
  const wait = ANALYSIS_RETRY_FIRST_MS * 2 ** Math.min(failures - 1, 16);
  return failedAt + Math.min(wait, ANALYSIS_RETRY_MAX_MS);
}

/**
 * The publication pipeline's sweeper tasks (ADR 021): publish what is due (`publish-results`), then
 * analyse what is published (`analyse-results`), each quiz through `publication.ts`.
 */
export class PublicationService {
  /** Quizzes whose analysis failed on this instance: how often, and when to try again. */
  private readonly analysisFailures = new Map<string, { failures: number; retryAt: number }>();

  constructor(
    private readonly repo: ResultsRepository,
    private readonly graceSeconds: number,
    private readonly log: FastifyBaseLogger,
    /** Called once a sweep published anything: the podium changed. */
    private readonly podiumChanged: () => Promise<void>,
    /** The plausible floor per answered question, in ms (marking/plausible-time.ts). */
    private readonly plausibleMsPerAnswer?: number,
  ) {}

  /** Sweeper task: publish every quiz whose end time plus grace has passed, each exactly once. */
  async publishDue(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.graceSeconds * 1000);
    const due = await this.repo.findQuizzesDueForPublication(cutoff, PUBLISH_BATCH);
    let published = 0;
    for (const quizId of due) {
      try {
        const outcome = await this.repo.publish(quizId, now, this.graceSeconds, this.plausibleMsPerAnswer);
        if (!outcome.published) continue;
        published += 1;
        this.log.info(
          { quizId, participants: outcome.participants, autoSubmitted: outcome.autoSubmitted },
          'results published',
        );
      } catch (err) {
        this.log.error({ err, quizId }, 'publishing results failed; the next sweep retries');
      }
    }
    if (published) await this.podiumChanged();
    return published;
  }

  /**
   * After the ranks commit (ADR 017): each published quiz whose analysis is not whole gets it, in
   * steps of their own transactions; a failure is logged and the next sweep retries from where the
   * last committed step left off.
   */
  async analysePending(now: Date): Promise<number> {
    const at = now.getTime();
    const waiting = [...this.analysisFailures].filter(([, f]) => f.retryAt > at).map(([id]) => id);
    let analysed = 0;
    for (const quizId of await this.repo.findQuizzesPendingAnalysis(PUBLISH_BATCH, waiting)) {
      const started = performance.now();
      try {
        if (await this.repo.analyse(quizId, now)) analysed += 1;
        this.analysisFailures.delete(quizId);
        this.log.info({ quizId, ms: Math.round(performance.now() - started) }, 'results analysed');
      } catch (err) {
        const failures = (this.analysisFailures.get(quizId)?.failures ?? 0) + 1;
        const retryAt = analysisRetryAt(failures, at);
        this.analysisFailures.delete(quizId);
        if (this.analysisFailures.size >= ANALYSIS_FAILURES_KEPT) {
          this.analysisFailures.delete(this.analysisFailures.keys().next().value!);
        }
        this.analysisFailures.set(quizId, { failures, retryAt });
        this.log.error(
          { err, quizId, failures, retryAt: new Date(retryAt).toISOString() },
          'analysing results failed; it is tried again after a wait',
        );
      }
    }
    return analysed;
  }
}
