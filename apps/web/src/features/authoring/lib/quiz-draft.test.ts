import { describe, expect, it } from 'vitest';
import type { AdminQuiz } from '@quizcast/contract/schemas/admin-quiz';
import { formatIst, fromLocalInput, toLocalInput } from '../../../lib/date-time';
import {
  blankQuestion,
  draftFromQuiz,
  draftProblems,
  draftToInput,
  emptyDraft,
  integrityOption,
} from './quiz-draft';

const quiz: AdminQuiz = {
  _id: 'quiz-1',
  name: 'Saved quiz',
  desc: 'About it',
  exam: 'SSC',
  class: 'Other',
  duration: 10,
  startTimeStamp: '2026-11-22T04:30:17.000Z',
  endTimeStamp: '2026-11-22T10:30:00.000Z',
  price: 10,
  published: true,
  status: 'live',
  resultsPublished: false,
  markingScheme: { correct: 4, wrong: 1 },
  instructions: ['One', 'Two'],
  showScoreOnSubmit: true,
  shuffleQuestions: false,
  shuffleChoices: true,
  previousYear: null,
  questions: [
    {
      _id: 'qn-1',
      qn: 'Q?',
      choices: ['a', 'b'],
      ansIndex: 1,
      explanation: null,
      lang: 'hi',
      topic: 'Percentages',
      qnHi: null,
      choicesHi: null,
      explanationHi: null,
      audioUrl: '/api/files/audio/x.mp3',
      type: 'mcq',
      numericAnswer: null,
      tolerance: null,
    },
  ],
  locked: true,
  stats: {
    attempted: 1,
    inProgress: 1,
    submitted: 0,
    averageScore: null,
    highestScore: null,
    maxScore: 4,
    histogram: [],
  },
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};

describe('date-time inputs (browser in IST)', () => {
  it('round-trips datetime-local values and shows IST', () => {
    expect(toLocalInput('2026-11-22T04:30:00Z')).toBe('2026-11-22T10:00');
    expect(fromLocalInput('2026-11-22T10:00')).toBe('2026-11-22T04:30:00.000Z');
    expect(fromLocalInput('')).toBe('');
    expect(formatIst('2026-11-22T10:00:00Z')).toMatch(/^22 Nov 2026, 3:30\spm IST$/i);
  });

  it('shows IST in Hindi through Intl for hi-IN, with AM/PM as learners write it', () => {
    expect(formatIst('2026-11-22T10:00:00Z', 'hi')).toMatch(/^22 नव॰ 2026, 3:30\sPM IST$/);
    expect(formatIst('not a date', 'hi')).toBe('');
  });
});

describe('quiz draft', () => {
  it('turns a saved quiz into a draft and back without moving its times', () => {
    const input = draftToInput(draftFromQuiz(quiz));
    expect(input).toEqual({
      name: 'Saved quiz',
      desc: 'About it',
      exam: 'SSC',
      class: 'Other',
      duration: 10,
      startTimeStamp: '2026-11-22T04:30:17.000Z',
      endTimeStamp: '2026-11-22T10:30:00.000Z',
      price: 10,
      markingScheme: { correct: 4, wrong: 1 },
      instructions: ['One', 'Two'],
      previousYear: null,
      published: true,
      showScoreOnSubmit: true,
      shuffleQuestions: false,
      shuffleChoices: true,
      navigation: 'free',
      sections: [],
      questions: [
        {
          _id: 'qn-1',
          section: null,
          qn: 'Q?',
          choices: ['a', 'b'],
          ansIndex: 1,
          explanation: null,
          lang: 'hi',
          topic: 'Percentages',
          qnHi: null,
          choicesHi: null,
          explanationHi: null,
        },
      ],
    });
  });

  it('round-trips the Hindi version, one Hindi text per choice', () => {
    const bilingual = {
      ...quiz,
      questions: [
        {
          ...quiz.questions[0]!,
          lang: 'en' as const,
          qnHi: 'प्रश्न?',
          choicesHi: ['क', 'ख'],
          explanationHi: 'क्योंकि $x^2$',
        },
      ],
    };
    const draft = draftFromQuiz(bilingual);
    expect(draftToInput(draft).questions[0]).toMatchObject({
      qnHi: 'प्रश्न?',
      choicesHi: ['क', 'ख'],
      explanationHi: 'क्योंकि $x^2$',
    });
    // A Hindi choice left empty is sent as such, so the shared rules name it.
    draft.questions[0]!.choicesHi = ['क', ''];
    expect(draftProblems(draft)?.questions[0]).toContain('Question 1: Hindi choice B is empty');
  });

  it('sends a changed time from the input', () => {
    const draft = { ...draftFromQuiz(quiz), end: '2026-11-22T18:00' };
    expect(draftToInput(draft).endTimeStamp).toBe('2026-11-22T12:30:00.000Z');
  });

  it('lists every problem by field and by question', () => {
    const draft = {
      ...emptyDraft(),
      name: 'ab',
      duration: '',
      start: '2026-11-22T10:00',
      end: '2026-11-22T09:00',
      questions: [blankQuestion(), { ...blankQuestion(), qn: 'Fine?', choices: ['x', 'y'] }],
    };
    const problems = draftProblems(draft)!;
    expect(problems.fields).toEqual({
      name: ['Name must be 3–200 characters'],
      duration: ['Duration is required'],
      endTimeStamp: ['Start time must be before end time'],
    });
    expect(problems.questions).toEqual({
      0: [
        'Question 1: question text is required',
        'Question 1: choice A is empty',
        'Question 1: choice B is empty',
        'Question 1: choice C is empty',
        'Question 1: choice D is empty',
      ],
    });
    expect(problems.all).toHaveLength(8);
  });

  it('accepts a complete draft', () => {
    const draft = {
      ...emptyDraft(),
      name: 'Complete',
      start: '2026-11-22T10:00',
      end: '2026-11-22T12:00',
      questions: [{ ...blankQuestion(), qn: 'Q?', choices: ['a', 'b'], ansIndex: 1 }],
    };
    expect(draftProblems(draft)).toBeNull();
  });
});

describe('numeric questions in the editor (issue 12)', () => {
  const base = { ...emptyDraft(), name: 'Numeric', start: '2026-11-22T10:00', end: '2026-11-22T12:00' };

  it('sends a numeric question without choices, with its answer and tolerance', () => {
    const draft = {
      ...base,
      questions: [
        { ...blankQuestion(), qn: 'g?', type: 'numeric' as const, numericAnswer: ' 9.8 ', tolerance: '' },
      ],
    };
    expect(draftProblems(draft)).toBeNull();
    expect(draftToInput(draft).questions[0]).toMatchObject({
      qn: 'g?',
      type: 'numeric',
      choices: [],
      ansIndex: 0,
      numericAnswer: '9.8',
      tolerance: null,
    });
  });

  it('shows the answer and tolerance problems on the question', () => {
    const draft = {
      ...base,
      questions: [
        { ...blankQuestion(), qn: 'g?', type: 'numeric' as const, numericAnswer: 'abc', tolerance: '-1' },
      ],
    };
    expect(draftProblems(draft)!.questions).toEqual({
      0: [
        'Question 1: the answer must be a number, like 12 or -3.5',
        'Question 1: the tolerance must be a number of 0 or more, like 0.01',
      ],
    });
  });

  it('reads a saved numeric question back into the draft', () => {
    const saved = {
      _id: 'qn-n',
      qn: 'det(2A)?',
      choices: [],
      ansIndex: 0,
      explanation: null,
      lang: 'en' as const,
      topic: null,
      qnHi: null,
      choicesHi: null,
      explanationHi: null,
      audioUrl: null,
      type: 'numeric' as const,
      numericAnswer: '32',
      tolerance: '0.5',
    };
    const draft = draftFromQuiz({ ...quiz, questions: [saved] });
    expect(draft.questions[0]).toMatchObject({ type: 'numeric', numericAnswer: '32', tolerance: '0.5' });
    expect(draftToInput(draft).questions[0]).toMatchObject({
      type: 'numeric',
      numericAnswer: '32',
      tolerance: '0.5',
    });
  });
});

describe('fair-play options (ADR 014)', () => {
  it('a new quiz follows the defaults for its kind until the admin chooses', () => {
    const draft = { ...emptyDraft(), exam: 'SSC', price: '0' };
    expect(draftToInput(draft)).toMatchObject({
      showScoreOnSubmit: false,
      shuffleQuestions: false,
      shuffleChoices: false,
    });
    expect(integrityOption({ ...draft, exam: 'Other' }, 'showScoreOnSubmit')).toBe(true);
    expect(draftToInput({ ...draft, price: '10' })).toMatchObject({
      shuffleQuestions: true,
      shuffleChoices: true,
    });
    expect(draftToInput({ ...draft, price: '10', shuffleChoices: false })).toMatchObject({
      shuffleQuestions: true,
      shuffleChoices: false,
    });
  });

  it('an existing quiz keeps its saved choices', () => {
    expect(draftToInput(draftFromQuiz(quiz))).toMatchObject({
      showScoreOnSubmit: true,
      shuffleQuestions: false,
      shuffleChoices: true,
    });
  });
});

describe('previous-year paper tag (issue 27)', () => {
  it('round-trips the year, clears it when emptied and leaves it unchanged for an older copy', () => {
    const tagged = draftFromQuiz({ ...quiz, previousYear: 2019 });
    expect(tagged.previousYear).toBe('2019');
    expect(draftToInput(tagged).previousYear).toBe(2019);
    expect(draftToInput({ ...tagged, previousYear: ' ' }).previousYear).toBeNull();
    const { previousYear: _dropped, ...olderCopy } = tagged;
    expect('previousYear' in draftToInput(olderCopy)).toBe(false);
  });

  it('says when the year is out of range', () => {
    const draft = { ...draftFromQuiz(quiz), previousYear: '1800' };
    expect(draftProblems(draft)?.fields.previousYear).toEqual(['Previous-year paper must be 1950–2100']);
  });
});
