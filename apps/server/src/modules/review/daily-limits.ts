/**
 * The learner's daily limits, as GET /review/queue applies them (issue 13): at most `dailyNewLimit`
 * new cards (first showings) and `dailyReviewCap` reviews of seen cards per IST day, minus what was
 * already done today. Cards beyond a limit wait for the next day. Pure, so the scheduling benchmark
 * (bench/review-schedule.ts) applies exactly the same rules as the service.
 */

export interface DailyLimits {
  dailyNewLimit: number;
  dailyReviewCap: number;
}

/** Reviews since the start of today (IST): all of them, and those that were a card's first. */
export interface DoneToday {
  total: number;
  newCards: number;
}

export function dailyAllowances(
  limits: DailyLimits,
  today: DoneToday,
): { newAllowance: number; reviewAllowance: number } {
  return {
    newAllowance: Math.max(0, limits.dailyNewLimit - today.newCards),
    reviewAllowance: Math.max(0, limits.dailyReviewCap - (today.total - today.newCards)),
  };
}

interface Queued {
  card: { due: Date; id: string };
}

/** Seen and new due cards (each already limited by its allowance), earliest first, at most `limit`. */
export function mergeQueue<T extends Queued>(seen: readonly T[], fresh: readonly T[], limit: number): T[] {
  return [...seen, ...fresh]
    .sort((a, b) => a.card.due.getTime() - b.card.due.getTime() || a.card.id.localeCompare(b.card.id))
    .slice(0, limit);
}
