import { RANK_TIERS } from '../constants';

export type RankTier = 'gold' | 'amber' | 'purple' | 'blue';

/** Rank card colour: crown and gold for 1, amber for 2–3, purple up to 10, blue for the rest. */
export function rankTier(rank: number): RankTier {
  if (rank <= RANK_TIERS.gold) return 'gold';
  if (rank <= RANK_TIERS.amber) return 'amber';
  if (rank <= RANK_TIERS.purple) return 'purple';
  return 'blue';
}

/** Percentage accuracy = correct / total questions, rounded; 0 for an empty quiz. */
export function accuracyPercent(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((correct / total) * 100);
}

/** A podium card's own score percentage: score / maxScore × 100, floored (maxScore 1 if absent). */
export function podiumPercent(score: number, maxScore?: number | null): number {
  const max = maxScore && maxScore > 0 ? maxScore : 1;
  return Math.floor((score / max) * 100);
}
