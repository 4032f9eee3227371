/**
 * Numeric-answer questions (JEE Main "numerical value" type, issue 12): the answer is a number, with an
 * optional non-negative tolerance set by the admin. One rule, used by the server (scoring, validation)
 * and the web (attempt input, review):
 *
 * - a number is plain decimal text: an optional sign, digits, an optional fraction ("12", "-3.5",
 *   ".5", "2."); no exponents, no thousands separators, no "Infinity"/"NaN";
 * - it is compared as an exact decimal (no floating point), so "2.50" equals "2.5" and
 *   |2.49 − 2.5| ≤ 0.01 holds exactly (PostgreSQL's `numeric` compares the same way);
 * - a given number is correct when |given − answer| ≤ tolerance; no tolerance means an exact match.
 */

export const QUESTION_TYPES = ['mcq', 'numeric'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** At most this many significant digits, and this many characters, in a number. */
export const NUMERIC_DIGITS_MAX = 18;
export const NUMERIC_TEXT_MAX = 24;

/** The accepted form, also used by the SQL that re-scores (`numericSelectedPattern`). */
export const NUMERIC_PATTERN = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** The message shown next to the field (web) and in the 400 (server) for text that is not a number. */
export const NOT_A_NUMBER_MESSAGE = 'Enter a number, like 12 or -3.5';

interface Decimal {
  /** The value × 10^scale, exactly. */
  units: bigint;
  scale: number;
}

function parseDecimal(text: string): Decimal | null {
  const trimmed = text.trim();
  if (trimmed.length > NUMERIC_TEXT_MAX || !NUMERIC_PATTERN.test(trimmed)) return null;
  const negative = trimmed.startsWith('-');
  const unsigned = trimmed.replace(/^[+-]/, '');
  const [whole = '', fraction = ''] = unsigned.split('.');
  const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '');
  if (digits.length > NUMERIC_DIGITS_MAX) return null;
  const units = BigInt(digits || '0');
  return { units: negative ? -units : units, scale: fraction.length };
}

function toScale(d: Decimal, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

/**
 * The canonical text of a number ("+02.50" → "2.5", "-0" → "0", ".5" → "0.5"), or null when the text
 * is not a number in the accepted form. What is saved as the learner's answer and as the key.
 */
export function canonicalNumber(text: string): string | null {
  const d = parseDecimal(text);
  if (!d) return null;
  const negative = d.units < 0n;
  let digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  let scale = d.scale;
  while (scale > 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale -= 1;
  }
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const body = fraction ? `${whole}.${fraction}` : whole;
  return negative && body !== '0' ? `-${body}` : body;
}

/** True when `text` is a number in the accepted form. */
export function isNumericText(text: string): boolean {
  return parseDecimal(text) !== null;
}

/**
 * The scoring rule: `given` is correct when |given − answer| ≤ tolerance (exact match when the
 * tolerance is absent). Anything that is not a number (or a missing answer) is not correct.
 */
export function numericAnswerMatches(
  given: string | null | undefined,
  answer: string | null | undefined,
  tolerance?: string | null,
): boolean {
  if (given == null || answer == null) return false;
  const g = parseDecimal(given);
  const a = parseDecimal(answer);
  if (!g || !a) return false;
  const t = tolerance == null || tolerance === '' ? { units: 0n, scale: 0 } : parseDecimal(tolerance);
  if (!t || t.units < 0n) return false;
  const scale = Math.max(g.scale, a.scale, t.scale);
  const diff = toScale(g, scale) - toScale(a, scale);
  return (diff < 0n ? -diff : diff) <= toScale(t, scale);
}

/** "2.5" or "2.5 ± 0.01": the answer as a learner or an admin reads it. */
export function formatNumericAnswer(answer: string, tolerance?: string | null): string {
  return tolerance && canonicalNumber(tolerance) !== '0' ? `${answer} ± ${tolerance}` : answer;
}
