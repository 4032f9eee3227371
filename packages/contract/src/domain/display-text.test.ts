import { describe, expect, it } from 'vitest';
import { profileFieldsSchema } from '../schemas/student';
import { cleanDisplayText, hasVisibleLetter } from './display-text';

describe('text others see (issue 29 item 4)', () => {
  it('strips direction overrides, isolates, zero-width and other invisible characters', () => {
    expect(cleanDisplayText('\u202EAsha\u202C Kumari')).toBe('Asha Kumari');
    expect(cleanDisplayText('\u2067Asha\u2069 \u200BK\u2060umari\uFEFF')).toBe('Asha Kumari');
    expect(cleanDisplayText('\u200B')).toBe('');
    expect(cleanDisplayText('\u3164')).toBe('');
    expect(cleanDisplayText(' Asha\u00A0\u3000 Kumari\t\n')).toBe('Asha Kumari');
  });

  it('keeps ZWJ and ZWNJ inside a word (Devanagari conjuncts), drops them at its edges', () => {
    const ksha = 'क्\u200Dष'; // a half form chosen with ZWJ
    expect(cleanDisplayText(`${ksha}मा`)).toBe(`${ksha}मा`);
    expect(cleanDisplayText('क्\u200Cष')).toBe('क्\u200Cष');
    expect(cleanDisplayText('\u200Dराम\u200D')).toBe('राम');
    expect(cleanDisplayText('राम \u200D\u200D श्याम')).toBe('राम श्याम');
    expect(cleanDisplayText('रा\u200D\u200Dम')).toBe('रा\u200Dम');
  });

  it('normalises to NFC, caps a tower of combining marks, refuses lone surrogates and U+FFFD', () => {
    expect(cleanDisplayText('Jose\u0301')).toBe('José');
    expect(cleanDisplayText(`x${'\u0300'.repeat(30)}y`)).toBe(`x${'\u0300'.repeat(4)}y`); // x̀ has no precomposed form
    expect(cleanDisplayText('Asha\uD800')).toBeNull();
    expect(cleanDisplayText('Asha\uFFFD')).toBeNull();
    expect(cleanDisplayText('Asha 😀')).toBe('Asha 😀');
  });

  it('needs a visible letter in the name and place', () => {
    expect(hasVisibleLetter('123')).toBe(false);
    expect(hasVisibleLetter('राम')).toBe(true);
    const fields = { place: 'Pune', class: 'High School' };
    const bad = (name: string) =>
      profileFieldsSchema.safeParse({ ...fields, name }).error?.issues[0]?.message;
    expect(bad('\u200B\u200B')).toBe('Name is required');
    expect(bad('\u202E123')).toBe('Name must contain a letter');
    expect(bad('Asha\uD800')).toBe('Please remove the characters that cannot be shown (shown as �)');
    const ok = profileFieldsSchema.parse({ ...fields, name: '\u202Enimda\u202C', school: ' \u200B ' });
    expect(ok.name).toBe('nimda');
    expect(ok.school).toBeNull();
  });
});
