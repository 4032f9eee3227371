import { NUMERIC_TEXT_MAX } from '@quizcast/contract/domain/numeric-answer';

/** The keys of the NTA on-screen keypad (issue 26): digits, decimal point, minus, backspace, clear. */
export type KeypadKey =
  '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | '-' | 'backspace' | 'clear';

/**
 * The text after one key, as the NTA keypad edits the answer box: digits append; the decimal point
 * appends once (after a lone sign or nothing it stays "." / "-.", which the box reads as not yet a
 * number); minus toggles a leading sign wherever the caret is; backspace drops the last character;
 * clear empties. Nothing grows the text past the contract's `NUMERIC_TEXT_MAX`.
 */
export function applyKeypadKey(text: string, key: KeypadKey): string {
  switch (key) {
    case 'clear':
      return '';
    case 'backspace':
      return text.slice(0, -1);
    case '-':
      return text.startsWith('-') ? text.slice(1) : text.length < NUMERIC_TEXT_MAX ? `-${text}` : text;
    case '.':
      return text.includes('.') || text.length >= NUMERIC_TEXT_MAX ? text : `${text}.`;
    default:
      return text.length >= NUMERIC_TEXT_MAX ? text : `${text}${key}`;
  }
}
