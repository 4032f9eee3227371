import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuizListItem } from '@quizcast/contract/schemas/quiz';
import { QuizListRow } from './quiz-list-row';

const now = new Date('2026-11-22T04:30:00Z'); // 10:00 AM in India
const base: QuizListItem = {
  _id: '0b5c1c1e-1111-4111-8111-111111111111',
  name: 'SSC Reasoning',
  exam: 'SSC',
  class: 'Preparing for Competitive exams',
  duration: 15,
  startTimeStamp: '2026-11-22T10:00:00Z',
  endTimeStamp: '2026-11-23T10:00:00Z',
  price: 0,
  isPaid: true,
};
const attended = { startedAt: '2026-11-22T04:00:00Z', submittedAt: '2026-11-22T04:10:00Z' };

function row(quiz: QuizListItem) {
  render(
    <MemoryRouter>
      <ul>
        <QuizListRow quiz={quiz} now={now} />
      </ul>
    </MemoryRouter>,
  );
  return screen.getByTestId('quiz-row');
}

afterEach(cleanup);

describe('QuizListRow', () => {
  it('not attended and open: start time label, Not Attended, Start to the intro', () => {
    const r = row(base);
    expect(r.textContent).toContain('Today, 3:30 PM');
    expect(within(r).getByText('Not Attended')).toBeTruthy();
    expect(within(r).getByRole('link', { name: 'Start SSC Reasoning' }).getAttribute('href')).toBe(
      `/quizzes/intro/${base._id}`,
    );
  });

  it('not attended after the end: Time over and "-"', () => {
    const r = row({ ...base, startTimeStamp: '2026-11-01T04:30:00Z', endTimeStamp: '2026-11-02T04:30:00Z' });
    expect(within(r).getByText('Time over')).toBeTruthy();
    expect(within(r).getByText('-')).toBeTruthy();
    expect(within(r).queryByRole('link')).toBeNull();
  });

  it('attended before the end: details only after the quiz ends, not clickable', () => {
    const r = row({ ...base, attendedDetails: attended });
    expect(within(r).getByText('Attended')).toBeTruthy();
    expect(within(r).getByText('See details after quiz end')).toBeTruthy();
    expect(within(r).queryByRole('link')).toBeNull();
  });

  it('attended and ended: View Details to the summary', () => {
    const r = row({ ...base, endTimeStamp: '2026-11-22T04:00:00Z', attendedDetails: attended });
    expect(
      within(r)
        .getByRole('link', { name: /View Details/ })
        .getAttribute('href'),
    ).toBe(`/quizzes/summary/${base._id}`);
  });

  it('marks a paid quiz the user has not unlocked', () => {
    expect(row({ ...base, price: 10, isPaid: false }).textContent).toContain('Premium');
  });
});
