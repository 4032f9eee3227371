import { indiaDayKey } from '@quizcast/contract/domain/review';
import type { StreakResponse } from '@quizcast/contract/schemas/streak';
import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { streakFigures } from './streak-days';
import type { StreakActivityKind, StreakRepository } from './streak.repository';

/** The learner's streak (issue 28): IST days by the server's clock; only ever shown to its owner. */
export class StreakService {
  constructor(
    private readonly repo: StreakRepository,
    private readonly clock: Clock,
  ) {}

  async forLearner(userId: string): Promise<StreakResponse> {
    const days = await this.repo.countedDays(userId);
    return streakFigures(days, indiaDayKey(this.clock.now()));
  }

  /**
   * THE HOOK for activities that count a day but leave no attempt or review row: call it when a
   * learner finishes practice (`'practice'`, issue 27) or the daily five (`'daily_five'`). Finished
   * quizzes and ten reviews need no call (they are read from their own rows). `tx`: the caller's
   * transaction, when the day should be counted with the finishing write.
   */
  async countDay(userId: string, kind: StreakActivityKind, tx?: Executor): Promise<void> {
    const now = this.clock.now();
    await this.repo.recordActivity(userId, kind, indiaDayKey(now), now, tx);
  }
}
