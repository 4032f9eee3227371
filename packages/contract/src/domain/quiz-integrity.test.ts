import { describe, expect, it } from 'vitest';
import { quizIntegrityDefaults } from './quiz-integrity';

describe('quizIntegrityDefaults', () => {
  it('shows the score on submit only for practice quizzes (free, exam Other)', () => {
    expect(quizIntegrityDefaults({ price: 0, exam: 'Other' }).showScoreOnSubmit).toBe(true);
    expect(quizIntegrityDefaults({ price: 0, exam: 'SSC' }).showScoreOnSubmit).toBe(false);
    expect(quizIntegrityDefaults({ price: 10, exam: 'Other' }).showScoreOnSubmit).toBe(false);
  });

  it('shuffles questions and choices by default only for paid quizzes', () => {
    expect(quizIntegrityDefaults({ price: 10, exam: 'SSC' })).toMatchObject({
      shuffleQuestions: true,
      shuffleChoices: true,
    });
    expect(quizIntegrityDefaults({ price: 0, exam: 'SSC' })).toMatchObject({
      shuffleQuestions: false,
      shuffleChoices: false,
    });
  });
});
