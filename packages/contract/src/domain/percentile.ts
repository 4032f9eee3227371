/**
 * Percentile of a rank as NTA defines it for JEE/NEET: the percentage of participants whose result
 * is equal to or below this one. With standard competition ranks exactly `rank − 1` people are
 * strictly ahead, so it is (total − rank + 1) / total × 100, to two decimals; rank 1 is 100.
 */
export function percentileForRank(rank: number, totalParticipants: number): number {
  if (totalParticipants <= 0 || rank < 1) return 0;
  const value = ((totalParticipants - Math.min(rank, totalParticipants) + 1) / totalParticipants) * 100;
  return Math.round(value * 100) / 100;
}
