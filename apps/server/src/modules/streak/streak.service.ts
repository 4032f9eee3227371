import { indiaDayKey } from '@quizcast/contract/domain/review';
import type { StreakResponse } from '@quizcast/contract/schemas/streak';
import { sql, type SQL } from 'drizzle-orm';
import type { PartContext, StatementPart } from '../../db/statement-parts';
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
   * `'practice'`, issue 27; the daily five, `'daily_five'`), as a part of the caller's statement
   * (prepared once; the practice submission's): the day of `now` (the write's time, by the server's
   * clock) is counted for the statement's learner only when its `when` holds, in the statement of
   * the write that earned it. Finished quizzes and ten reviews need no call (they are read from
   * their own rows).
   */
  countDayPart(kind: StreakActivityKind, now: Date): StatementPart {
    return {
      name: 'streak',
      body: streakDayBody,
      values: { streak_kind: kind, streak_day: indiaDayKey(now) },
    };
  }
}

/** `countDayPart`'s body, built once per prepared statement. */
function streakDayBody({ userId, now, when }: PartContext): SQL {
  return activityInsert({
    userId,
    kind: sql`${sql.placeholder('streak_kind')}`,
    day: sql`${sql.placeholder('streak_day')}`,
    at: now,
    when,
  });
}
