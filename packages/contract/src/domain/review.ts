/** Pure rules of spaced-repetition review shared by server and web (ADR 011). */

/** India Standard Time: UTC+05:30, no daylight saving. "Today" for a learner is an IST day. */
export const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The IST calendar day of an instant, as 'YYYY-MM-DD'. */
export function indiaDayKey(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the IST day containing `at` starts. */
export function indiaDayStart(at: Date): Date {
  const shifted = at.getTime() + IST_OFFSET_MS;
  return new Date(shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - IST_OFFSET_MS);
}

/** The instant an IST calendar day ('YYYY-MM-DD') starts: the exam moment the clamp aims at. */
export function indiaDateStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

const KEPT_LAST = /^(all|none) of the above\.?$/i;

/** A small deterministic PRNG (mulberry32) so a card's choice order is stable for one showing. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedFrom(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The choices in a shuffled order (indices into `choices`): "All of the above" and "None of the
 * above" stay last, in their original order. Deterministic for a seed.
 */
export function shuffledChoiceOrder(choices: readonly string[], seed: number): number[] {
  const movable: number[] = [];
  const last: number[] = [];
  choices.forEach((c, i) => (KEPT_LAST.test(c.trim()) ? last : movable).push(i));
  const next = random(seed);
  for (let i = movable.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [movable[i], movable[j]] = [movable[j]!, movable[i]!];
  }
  return [...movable, ...last];
}

/** A review slower than this multiple of the learner's median is "far slower": right → Hard. */
export const SLOW_FACTOR = 2;

/** The grade suggested from the outcome: wrong → Again (1), right → Good (3), right but slow → Hard (2). */
export function suggestRating(outcome: {
  correct: boolean;
  durationMs: number;
  medianDurationMs: number | null;
}): 1 | 2 | 3 {
  if (!outcome.correct) return 1;
  if (outcome.medianDurationMs !== null && outcome.durationMs > SLOW_FACTOR * outcome.medianDurationMs) {
    return 2;
  }
  return 3;
}

/** "10 min", "5 hours", "1 day", "3 days", "2 months", "1.5 years": what a grade button shows. */
export function formatInterval(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 31) return plural(days, 'day');
  const months = Math.round(days / 30);
  if (months < 12) return plural(months, 'month');
  return `${Math.round((days / 365) * 10) / 10} years`;
}
