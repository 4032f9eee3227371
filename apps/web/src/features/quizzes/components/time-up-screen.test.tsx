import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeUpScreen } from './time-up-screen';

const base = {
  message: 'Quiz submitted successfully' as const,
  totalQuestions: 10,
  submittedAt: '2026-11-22T10:10:00.000Z',
  resultsAt: '2026-11-22T10:00:30.000Z',
};

function open(result: Parameters<typeof TimeUpScreen>[0]['outcome']) {
  render(<TimeUpScreen quizName="Polity" outcome={result} onClose={() => {}} />);
  fireEvent.click(screen.getByRole('button', { name: 'View Results' }));
  return screen.getByRole('dialog', { name: 'Your Results' });
}

afterEach(cleanup);

describe('TimeUpScreen results overlay (ADR 014)', () => {
  it('without a score (ranked or paid quiz) says when results will be published, in IST', () => {
    const dialog = open({ kind: 'submitted', result: base });
    expect(dialog.querySelector('[data-testid="score"]')).toBeNull();
    expect(screen.getByTestId('results-at').textContent).toBe(
      'Your score, rank and the correct answers will be published on 22 Nov, 3:30 pm IST.',
    );
  });

  it('with the score (practice quiz) shows it', () => {
    open({ kind: 'submitted', result: { ...base, score: 7, maxScore: 10, answeredCount: 8 } });
    expect(screen.getByTestId('score').textContent).toBe('7 / 10');
    expect(screen.queryByTestId('results-at')).toBeNull();
  });
});
