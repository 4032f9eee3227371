import { z } from 'zod';

/**
 * The learner's own streak (issue 28): consecutive IST days on which they finished a quiz or made ten
 * reviews. Never part of anything another learner sees.
 */
export const STREAK_RULES = {
  /** Reviews in one IST day that make it count. */
  reviewsForADay: 10,
} as const;

export const streakResponseSchema = z.object({
  /** Consecutive counted days ending today, or yesterday while today is not counted yet. */
  current: z.number().int().min(0),
  best: z.number().int().min(0),
  /** Today (IST, server clock) already counts. */
  today: z.boolean(),
});
export type StreakResponse = z.infer<typeof streakResponseSchema>;
