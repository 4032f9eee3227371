import { indiaDayKey } from '@quizcast/contract/domain/review';
import type { StreakResponse } from '@quizcast/contract/schemas/streak';
import type { SQL } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { streakFigures } from './streak-days';
import { activityInsert, type StreakActivityKind, type StreakRepository } from './streak.repository';

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
   * THE HOOK for activities that count a day but leave no attempt or review row (finished practice,
   * `'practice'`, issue 27; the daily five, `'daily_five'`), as a statement for the caller's own (a
   * writable CTE body): the day is counted only when `when` holds, in the statement of the write that
   * earned it (the practice submission's). Finished quizzes and ten reviews need no call (they are
   * read from their own rows).
   */
  countDayWhen(userId: string, kind: StreakActivityKind, when: SQL): SQL {
    const now = this.clock.now();
    return activityInsert(userId, kind, indiaDayKey(now), now, when);
  }
}
