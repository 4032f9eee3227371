import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuizSummary } from '@quizcast/contract/schemas/result';
import { QuestionReview } from './question-review';

const m = (tex: string, speech: string) => ({ html: `<math><mi>${tex}</mi></math>`, speech });

const summary: QuizSummary = {
  quizDetails: {
    _id: 'quiz',
    name: 'Bilingual',
    desc: '',
    duration: 10,
    class: 'High School',
    questions: [
      {
        _id: 'q1',
        qn: 'Find $x$ <b>now</b>',
        choices: ['$x$ one', 'Two'],
        ansIndex: 1,
        explanation: 'Because $x$.',
        lang: 'en',
        math: {
          qn: m('x', 'Find x now'),
          choices: [m('x', 'x one'), null],
          explanation: m('x', 'Because x.'),
        },
        hi: { qn: 'हिंदी प्रश्न', choices: ['एक', 'दो'], explanation: null, math: null },
      },
    ],
  },
  quizzSummary: {
    score: 0,
    startedAt: '2026-11-20T10:00:00.000Z',
    submittedAt: '2026-11-20T10:07:30.000Z',
    answers: [{ qnId: 'q1', selectedOption: '$x$ one', isCorrect: false }],
  },
  rank: 1,
  totalParticipants: 1,
  percentile: 100,
} as QuizSummary;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('QuestionReview with bilingual and math questions (issue 12)', () => {
  it("opens in the learner's question language and switches, answers matched to the own choice texts", () => {
    localStorage.setItem('QUIZCAST_QUESTION_LANGUAGE', 'hi');
    const { container } = render(<QuestionReview summary={summary} />);
    const question = screen.getByText('हिंदी प्रश्न');
    expect(question.getAttribute('lang')).toBe('hi');
    expect(container.querySelector('li[data-selected]')?.textContent).toContain('एक');
    expect(container.querySelector('li[data-correct]')?.textContent).toContain('दो');
    expect(screen.getByText('Your answer').nextElementSibling?.textContent).toBe('एक');
    expect(screen.getByText('Correct answer').nextElementSibling?.textContent).toBe('दो');
    // No Hindi explanation: the English one, marked English, with its formula.
    const explanation = screen.getByText('Explanation').nextElementSibling!;
    expect(explanation.getAttribute('lang')).toBe('en');
    expect(explanation.querySelector('math')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    const english = container.querySelector('p[lang="en"]')!;
    // Server-rendered math is inserted; the text around it came escaped from the server.
    expect(english.querySelector('math')).not.toBeNull();
    expect(english.querySelector('b')).toBeNull();
    expect(localStorage.getItem('QUIZCAST_QUESTION_LANGUAGE')).toBe('en');
  });
});
