import { describe, expect, it } from 'vitest';
import { PSEUDO_GROWTH, pseudo, pseudoCatalogue } from '../../../../e2e/support/pseudo-locale';

/**
 * The pseudo-locale the browser tests' 360 px walk runs in (e2e/support/pseudo-locale.ts, issue 18):
 * built from the English catalogues with no browser, so checked here.
 */
describe('the pseudo-locale catalogue', () => {
  it('covers every key, keeps arguments and is ~40% longer', () => {
    const { messages, english } = pseudoCatalogue();
    expect(Object.keys(messages).length).toBeGreaterThan(500);
    expect(pseudo('Manage quizzes')).toMatch(/^Ṁåñåĝé ǫûîžžéš \S+/);
    expect(pseudo('Manage quizzes').length).toBeGreaterThanOrEqual(
      Math.ceil('Manage quizzes'.length * PSEUDO_GROWTH),
    );
    // Markup and the spaces that join text to an argument stay as they are.
    expect(pseudo('<0>Read</0> more')).toBe('<0>Ŕéåđ Ŕ</0> ɱöŕé ɱ');
    expect(pseudo('Hi, ')).toBe('Ĥî, Ĥ ');
    expect(english.get('Start Quiz Now')).toBe(pseudo('Start Quiz Now'));
    // Plural arguments stay arguments (the count is filled in, the words around it are pseudo).
    expect(JSON.stringify(messages['authoring.questions'])).toContain('"count","plural"');
  });
});
