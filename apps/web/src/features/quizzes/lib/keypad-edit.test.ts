import { describe, expect, it } from 'vitest';
import { NUMERIC_TEXT_MAX } from '@quizcast/contract/domain/numeric-answer';
import { applyKeypadKey, type KeypadKey } from './keypad-edit';

const press = (keys: KeypadKey[], from = '') => keys.reduce(applyKeypadKey, from);

describe('applyKeypadKey (the NTA on-screen keypad)', () => {
  it('appends digits and one decimal point', () => {
    expect(press(['1', '2', '.', '5', '.', '0'])).toBe('12.50');
    expect(press(['.', '5'])).toBe('.5');
  });

  it('toggles a leading minus wherever the learner is', () => {
    expect(press(['3', '-', '.', '5'])).toBe('-3.5');
    expect(press(['-', '-'], '7')).toBe('7');
    expect(press(['-'])).toBe('-');
  });

  it('backspace drops the last character and clear empties', () => {
    expect(press(['backspace'], '-3.5')).toBe('-3.');
    expect(press(['backspace'], '')).toBe('');
    expect(press(['clear'], '-3.5')).toBe('');
  });

  it('never grows the text past the longest number the contract accepts', () => {
    const full = '9'.repeat(NUMERIC_TEXT_MAX);
    expect(press(['1', '.', '-'], full)).toBe(full);
    expect(press(['-'], `-${'9'.repeat(NUMERIC_TEXT_MAX - 1)}`)).toBe('9'.repeat(NUMERIC_TEXT_MAX - 1));
  });
});
