import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { resultsCatalog } from '../messages/catalog';
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

describe('QuestionReview of a sectional quiz (issue 26)', () => {
  const question = (id: string, section: number) => ({
    _id: id,
    qn: `Question text ${id}`,
    choices: ['Right', 'Wrong'],
    ansIndex: 0,
    lang: 'en' as const,
    section,
  });
  const sectionResult = (name: string, nameHi: string, questionCount: number) => ({
    name,
    nameHi,
    questionCount,
    maxScore: questionCount,
    score: 0,
    correct: 0,
    wrong: 0,
    attempted: 0,
    accuracy: null,
    cutoff: null,
    cleared: null,
    rank: 1,
    timeTakenMs: null,
  });
  const sectional = {
    ...summary,
    quizDetails: {
      ...summary.quizDetails,
      questions: [question('e1', 0), question('e2', 0), question('q1', 1), question('r1', 2)],
    },
    quizzSummary: { ...summary.quizzSummary, answers: [] },
    sections: [
      sectionResult('English Language', 'अंग्रेज़ी भाषा', 2),
      sectionResult('Quantitative Aptitude', 'संख्यात्मक अभियोग्यता', 1),
      sectionResult('Reasoning Ability', 'तर्कशक्ति', 1),
    ],
  } as QuizSummary;

  it('puts a heading per section, in order, with its questions under it; numbering runs on', () => {
    render(<QuestionReview summary={sectional} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Section 1: English Language',
      'Section 2: Quantitative Aptitude',
      'Section 3: Reasoning Ability',
    ]);
    // Each section is a region named by its heading; its questions are level-4 headings under it.
    const english = screen.getByRole('region', { name: 'Section 1: English Language' });
    expect(
      within(english)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Question 1', 'Question 2']);
    expect(within(english).getByText('2 questions')).toBeTruthy();
    const quant = screen.getByRole('region', { name: 'Section 2: Quantitative Aptitude' });
    expect(within(quant).getByRole('heading', { level: 4 }).textContent).toBe('Question 3');
    expect(within(quant).getByText('Question text q1')).toBeTruthy();
    const reasoning = screen.getByRole('region', { name: 'Section 3: Reasoning Ability' });
    expect(within(reasoning).getByRole('heading', { level: 4 }).textContent).toBe('Question 4');
  });

  it('names the sections in Hindi for a Hindi reader', async () => {
    await resultsCatalog.load('hi');
    await setLanguage('hi');
    onTestFinished(() => setLanguage('en'));
    render(<QuestionReview summary={sectional} />);
    expect(screen.getByRole('region', { name: 'सेक्शन 2: संख्यात्मक अभियोग्यता' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      'प्रश्न 1',
      'प्रश्न 2',
      'प्रश्न 3',
      'प्रश्न 4',
    ]);
  });
});
