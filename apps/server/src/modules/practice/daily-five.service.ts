import { indiaDayKey } from '@quizcast/contract/domain/review';
import type { DailyFiveResponse } from '@quizcast/contract/schemas/practice';
import type { Clock } from '../../lib/clock';
import type { AnswerGroupRow } from '../analytics/analytics.repository';
import { DEFAULT_MARKING } from '../marking/marking';
import type { DailyFiveRepository, DrawnQuestion, DrawTier } from './daily-five.repository';
import type { PracticeService } from './practice.service';

export const DAILY_FIVE_SIZE = 5;
/** How many of the learner's weakest topics the second tier draws from. */
const WEAK_TOPICS = 3;

/**
 * The learner's weakest topics from the progress page's data (published attempts, per topic):
 * lowest accuracy first, then the topic with more questions, then by name; a topic they always got
 * right is not weak.
 */
export function weakestTopics(groups: readonly AnswerGroupRow[], limit = WEAK_TOPICS): string[] {
  const byTopic = new Map<string, { questions: number; correct: number }>();
  for (const g of groups) {
    if (!g.topic) continue;
    const t = byTopic.get(g.topic) ?? { questions: 0, correct: 0 };
    t.questions += g.questions;
    t.correct += g.correct;
    byTopic.set(g.topic, t);
  }
  return [...byTopic]
    .filter(([, t]) => t.questions > 0 && t.correct < t.questions)
    .sort(
      ([a, x], [b, y]) =>
        x.correct / x.questions - y.correct / y.questions || y.questions - x.questions || a.localeCompare(b),
    )
    .slice(0, limit)
    .map(([topic]) => topic);
}

/**
 * The daily five (issue 28, ADR 024's "one more kind and one more draw"): five questions per learner
 * and IST day (server clock), made on the first read of the day and the same five after it (a
 * unique row per learner and day), from due review cards first, then the weakest topics, then
 * unseen questions of published quizzes, then any the learner may see. Running it (saves with
 * instant feedback, submission, marking, cards, the streak) is practice's.
 */
export class DailyFiveService {
  constructor(
    private readonly repo: DailyFiveRepository,
    private readonly practice: PracticeService,
    private readonly answerGroups: (userId: string) => Promise<AnswerGroupRow[]>,
    private readonly clock: Clock,
  ) {}

  async today(userId: string): Promise<DailyFiveResponse> {
    const now = this.clock.now();
    const day = indiaDayKey(now);
    let row = await this.repo.find(userId, day);
    if (!row) {
      const drawn = await this.draw(userId, day, now);
      if (!drawn.length) return { day, attempt: null };
      await this.repo.insertOnce({
        userId,
        kind: 'daily_five',
        quizId: null,
        day,
        title: 'Daily five',
        exam: drawn[0]!.exam,
        questionIds: drawn.map((q) => q.id),
        timed: false,
        instantFeedback: true,
        startedAt: now,
        deadlineAt: null,
        markCorrect: DEFAULT_MARKING.correct,
        markWrong: DEFAULT_MARKING.wrong,
      });
      row = await this.repo.find(userId, day);
    }
    return { day, attempt: row ? await this.practice.get(userId, row.id) : null };
  }

  private async draw(userId: string, day: string, now: Date): Promise<DrawnQuestion[]> {
    const chosen: DrawnQuestion[] = [];
    const tiers: (() => Promise<DrawTier>)[] = [
      async () => ({ dueAt: now }),
      async () => ({ topics: weakestTopics(await this.answerGroups(userId)) }),
      async () => ({ unseen: true }),
      async () => ({}),
    ];
    for (const tier of tiers) {
      if (chosen.length >= DAILY_FIVE_SIZE) break;
      const ids = chosen.map((q) => q.id);
      chosen.push(...(await this.repo.draw(userId, day, await tier(), ids, DAILY_FIVE_SIZE - chosen.length)));
    }
    return chosen;
  }
}
