/**
 * The streak's arithmetic on IST day keys ('YYYY-MM-DD'), pure so it is tested without a database.
 * A streak is a run of consecutive counted days; the current one ends today, or yesterday while
 * today is not counted yet (the learner still has today to keep it).
 */

const DAY_MS = 86_400_000;

const dayNumber = (key: string) => Math.round(Date.parse(`${key}T00:00:00Z`) / DAY_MS);

export interface StreakFigures {
  current: number;
  best: number;
  today: boolean;
}

/** `days`: counted IST days in any order (duplicates allowed); days after `today` are ignored. */
export function streakFigures(days: readonly string[], today: string): StreakFigures {
  const todayN = dayNumber(today);
  const counted = [...new Set(days.map(dayNumber))].filter((d) => d <= todayN).sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const d of counted) {
    run = d === previous + 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = d;
  }
  const last = counted.at(-1);
  const current = last !== undefined && last >= todayN - 1 ? run : 0;
  return { current, best, today: last === todayN };
}
