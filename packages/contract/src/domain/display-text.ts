/**
 * Free text that other people see (issue 29 item 4): a learner's name on leaderboards and the public
 * podium, their place and institution in the admin's lists. A name could carry U+202E (which turns
 * the rest of a leaderboard line around), be nothing but U+200B (an invisible entry), or hold a lone
 * surrogate (stored as U+FFFD). The rule, the same on the server, in the forms and in the migration
 * that cleaned the texts already stored (0018, its SQL twin; test/hostile/names-migration.hostile.test.ts):
 *
 * - NFC (one spelling for one text);
 * - invisible characters go: every format character (Unicode category Cf: direction marks,
 *   overrides and isolates, zero-width space, word joiner, BOM, soft hyphen, tags…), controls (Cc),
 *   Hangul fillers and the combining grapheme joiner, with one exception: the zero-width joiner and
 *   non-joiner (U+200D, U+200C) stay between two letters or marks, where Hindi and other Indic scripts
 *   use them to choose a conjunct's shape (क्‍ष). At a word's edge they do nothing and go too;
 * - no more than four combining marks on one letter (a tower of marks draws over the next lines);
 * - every kind of space becomes one plain space, and the ends are trimmed;
 * - a lone surrogate is refused (`null`), never stored as U+FFFD; so is U+FFFD itself, which is what a
 *   browser sends for a lone surrogate in a form.
 *
 * Whether the cleaned text has a visible letter (`hasVisibleLetter`) is the schema's rule.
 */

/** Hangul fillers (letters by category, invisible by design) and the combining grapheme joiner. */
const INVISIBLE_NON_CF = /\u115F|\u1160|\u3164|\uFFA0|\u034F/gu;
const CONTROLS = /\p{Cc}/gu;
const JOINERS = new Set(['\u200C', '\u200D']);
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The text as others should see it, or null when it holds a lone surrogate. */
export function cleanDisplayText(text: string): string | null {
  if (LONE_SURROGATE.test(text) || text.includes('\uFFFD')) return null;
  const normal = text.normalize('NFC').replace(INVISIBLE_NON_CF, '').replace(CONTROLS, ' ');
  const chars = Array.from(normal);
  let kept = '';
  let last = ''; // the last character kept
  let marks = 0;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (/\p{Cf}/u.test(ch)) {
      // A joiner stays only inside a word: a letter or mark on both sides (after other Cf are gone).
      if (!JOINERS.has(ch)) continue;
      let j = i + 1;
      while (j < chars.length && /\p{Cf}/u.test(chars[j]!) && !JOINERS.has(chars[j]!)) j += 1;
      const after = chars[j] ?? '';
      if (LETTER_OR_MARK.test(last) && LETTER_OR_MARK.test(after)) {
        kept += ch;
        last = ch;
      }
      continue;
    }
    if (/\p{M}/u.test(ch)) {
      marks += 1;
      if (marks > 4) continue;
    } else {
      marks = 0;
    }
    kept += ch;
    last = ch;
  }
  return kept.replace(/\s+/gu, ' ').trim();
}

/** True when the text shows at least one letter (any script). */
export function hasVisibleLetter(text: string): boolean {
  return /\p{L}/u.test(text);
}
