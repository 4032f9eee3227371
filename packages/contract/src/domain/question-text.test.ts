import { describe, expect, it } from 'vitest';
import { shownText, spokenText, withExplanation } from './question-text';

const m = (html: string, speech: string) => ({ html, speech });
const question = {
  qn: 'Find $x^2$',
  choices: ['$1$', 'Two'],
  lang: 'en' as const,
  explanation: 'Because $x$',
  math: {
    qn: m('<math>q</math>', 'Find x squared'),
    choices: [m('<math>1</math>', '1'), null],
    explanation: m('e', 'Because x'),
  },
  hi: {
    qn: '$x^2$ ज्ञात कीजिए',
    choices: ['$1$', 'दो'],
    math: { qn: m('h', 'एक्स वर्गित ज्ञात कीजिए'), choices: [m('1', '1'), null] },
  },
};

describe('shownText', () => {
  it('shows the Hindi version when asked, keeping the choices in place', () => {
    const hi = withExplanation(shownText(question, 'hi'), question);
    expect(hi.lang).toBe('hi');
    expect(hi.choices).toEqual(['$1$', 'दो']);
    expect(spokenText(hi)).toEqual({
      qn: 'एक्स वर्गित ज्ञात कीजिए',
      choices: ['1', 'दो'],
      explanation: 'Because x',
    });
    // No Hindi explanation: the question's own one, in its own language.
    expect([hi.explanation, hi.explanationLang]).toEqual(['Because $x$', 'en']);
  });

  it('falls back to the own text for English or a question without a Hindi version', () => {
    expect(shownText(question, 'en').qn).toBe('Find $x^2$');
    expect(shownText({ qn: 'Q', choices: ['a'] }, 'hi')).toMatchObject({ lang: 'en', qn: 'Q' });
    expect(spokenText(shownText(question, 'en')).choices).toEqual(['1', 'Two']);
  });
});
