import { describe, expect, it } from 'vitest';
import { RenderBudget } from './formula-bounds';
import { renderMathText, renderQuestionMath, splitFormulas } from './question-math';

describe('question math (ADR 019)', () => {
  it('splits inline and display formulas, keeping \\$ as a dollar sign', () => {
    expect(splitFormulas('Cost \\$5, $x^2$ and $$\\frac{a}{b}$$.')).toEqual({
      segments: [
        { kind: 'text', value: 'Cost $5, ' },
        { kind: 'math', tex: 'x^2', display: false },
        { kind: 'text', value: ' and ' },
        { kind: 'math', tex: '\\frac{a}{b}', display: true },
        { kind: 'text', value: '.' },
      ],
    });
    expect(splitFormulas('a $x + 1')).toEqual({
      error: 'a formula opened with $ is never closed (write \\$ for a dollar sign)',
    });
  });

  it('renders MathML with escaped text around it and speaks it in English and Hindi', async () => {
    expect(await renderMathText('No formula <b>here</b>', 'en')).toBeNull();
    const en = await renderMathText('Solve <b> $x^2 + 2x$ = 0', 'en');
    expect(en!.html).toContain('Solve &lt;b&gt; <math');
    expect(en!.html).toContain('<msup><mi>x</mi>');
    expect(en!.html).not.toContain('<b>');
    expect(en!.speech).toBe('Solve <b> x squared plus 2 x = 0');
    const hi = await renderMathText('हल कीजिए: $x^2$', 'hi');
    expect(hi!.speech).toBe('हल कीजिए: एक्स वर्गित');
    const display = await renderMathText('$$v = u + at$$', 'en');
    expect(display!.html).toContain('display="block"');
    expect(display!.speech).toBe('v equals u plus a t');
  });

  it('names the question and the text with a malformed formula', async () => {
    const { problems } = await renderQuestionMath(
      {
        qn: 'Find $\\frac{1}{$',
        choices: ['1', '$x^$'],
        qnHi: 'ज्ञात कीजिए $x$',
        choicesHi: ['1', '$\\sqrt{$'],
      },
      'Question 3',
    );
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^Question 3: question text: formula "\\frac\{1\}\{" cannot be read: /);
    expect(problems[1]).toMatch(/^Question 3: choice B: formula "x\^" cannot be read: /);
    expect(problems[2]).toMatch(/^Question 3: Hindi choice B: formula "\\sqrt\{" cannot be read: /);
  });

  it('stores nothing for a question without formulas', async () => {
    expect(await renderQuestionMath({ qn: 'Plain', choices: ['a', 'b'] }, 'Question 1')).toEqual({
      math: null,
      problems: [],
    });
  });
});

describe('the render budget of one request (issue 29)', () => {
  it('refuses the formulas after the budget is spent, once, naming where it stopped', async () => {
    const budget = new RenderBudget(0);
    const first = await renderQuestionMath({ qn: 'Find $x^2$', choices: ['$y$', 'b'] }, 'Question 1', budget);
    // The first text's formula renders (nothing was spent yet); the choice after it is not rendered.
    expect(first.math?.main?.qn?.speech).toBe('Find x squared');
    expect(first.problems).toEqual([
      'Question 1: choice A: the formulas take more than 0 s to render in all; this and the later formulas were not rendered (split the quiz, or simplify its formulas)',
    ]);
    const second = await renderQuestionMath({ qn: 'Find $z$', choices: ['a', 'b'] }, 'Question 2', budget);
    expect(second).toEqual({ math: null, problems: [] });
  });
});
