/** Seconds between start and submission, capped at the quiz duration (stored value first). */
export function elapsedSeconds(
  a: { elapsedMs: number | null; startedAt: Date; submittedAt: Date | null },
  durationMin: number,
): number | null {
  if (a.elapsedMs !== null) return a.elapsedMs / 1000;
  if (!a.submittedAt) return null;
  const ms = Math.min(a.submittedAt.getTime() - a.startedAt.getTime(), durationMin * 60_000);
  return Math.max(0, ms) / 1000;
}
