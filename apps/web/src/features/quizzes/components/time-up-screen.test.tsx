import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { TimeUpScreen } from './time-up-screen';

const base = {
  message: 'Quiz submitted successfully' as const,
  totalQuestions: 10,
  submittedAt: '2026-11-22T10:10:00.000Z',
  resultsAt: '2026-11-22T10:00:30.000Z',
};

function open(
  result: Parameters<typeof TimeUpScreen>[0]['outcome'],
  view = 'View Results',
  title = 'Your Results',
) {
  render(<TimeUpScreen quizName="Polity" outcome={result} onClose={() => {}} />);
  fireEvent.click(screen.getByRole('button', { name: view }));
  return screen.getByRole('dialog', { name: title });
}

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

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

  it('in Hindi: "समय समाप्त!", the results time through Intl for hi-IN, the score grouped as Hindi writes it', async () => {
    await setLanguage('hi');
    open({ kind: 'submitted', result: base }, 'नतीजा देखें', 'आपका नतीजा');
    expect(screen.getByRole('heading', { level: 1, hidden: true }).textContent).toBe('समय समाप्त!');
    expect(document.title).toBe('समय समाप्त! · Quizcast');
    expect(screen.getByTestId('results-at').textContent).toBe(
      'आपका स्कोर, रैंक और सही उत्तर 22 नव॰, 3:30 PM IST को जारी होंगे।',
    );
    cleanup();
    open(
      { kind: 'submitted', result: { ...base, score: 6.5, maxScore: 10, answeredCount: 8 } },
      'नतीजा देखें',
      'आपका नतीजा',
    );
    expect(screen.getByTestId('score').textContent).toBe('6.50 / 10');
    expect(screen.getByText('10 प्रश्नों में से 8 के जवाब दिए')).toBeTruthy();
  });
});
