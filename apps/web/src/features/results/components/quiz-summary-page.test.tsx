import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuizSummaryResponse } from '@quizcast/contract/schemas/result';
import { QuizSummaryPage } from './quiz-summary-page';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const QUIZ_ID = '3f1c2b4a-1111-4222-8333-444455556666';
const questions = [
  {
    _id: 'q1',
    qn: 'Capital of India?',
    choices: ['Mumbai', 'New Delhi', 'Kolkata'],
    ansIndex: 1,
    explanation: 'New Delhi since 1931.',
  },
  { _id: 'q2', qn: '2 + 2?', choices: ['3', '4'], ansIndex: 1, explanation: null },
  { _id: 'q3', qn: 'Largest planet?', choices: ['Jupiter', 'Mars'], ansIndex: 0 },
  { _id: 'q4', qn: 'H2O is?', choices: ['Water', 'Salt'], ansIndex: 0 },
];

function summary(rank: number): QuizSummaryResponse {
  return {
    data: {
      quizDetails: {
        _id: QUIZ_ID,
        name: 'General Awareness',
        desc: 'Warm-up round',
        duration: 20,
        class: 'High School',
        questions,
      },
      quizzSummary: {
        score: 2,
        startedAt: '2026-11-20T10:00:00.000Z',
        submittedAt: '2026-11-20T10:07:30.000Z',
        allowedMinutes: 20,
        withCompensatoryTime: false,
        answers: [
          { qnId: 'q1', selectedOption: 'Mumbai', isCorrect: false },
          { qnId: 'q2', selectedOption: '4', isCorrect: true },
          { qnId: 'q3', selectedOption: null, isCorrect: false },
          { qnId: 'q4', selectedOption: 'Water', isCorrect: true },
        ],
      },
      rank,
      totalParticipants: 40,
      percentile: 87.5,
    },
  };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/quizzes/summary/${QUIZ_ID}`]}>
        <Routes>
          <Route
            path="/quizzes/summary/:quizId"
            element={<QuizSummaryPage actions={<button>Download poster</button>} />}
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('QuizSummaryPage', () => {
  it('shows the header, the summary cards and, in the Questions tab, the review', async () => {
    fetchMock.mockResolvedValueOnce(json(200, summary(6)));
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading quiz summary');

    expect(await screen.findByRole('heading', { level: 1, name: 'General Awareness' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/quizzes/participant/quiz-summary/${QUIZ_ID}`);
    const details = screen.getByRole('list', { name: 'Quiz details' }).textContent;
    expect(details).toContain('Duration: 20 mins');
    expect(details).toContain('Time taken: 7.5 mins');
    expect(details).toContain('Class: High School');
    expect(screen.getByRole('button', { name: 'Download poster' })).toBeTruthy();

    const rank = screen.getByRole('region', { name: 'Rank' });
    expect(rank.dataset.tier).toBe('purple');
    expect(rank.textContent).toContain('#6');
    expect(rank.textContent).toContain('out of 40 participants');
    expect(screen.getByRole('region', { name: 'Score' }).textContent).toBe('Score2out of 4');
    expect(screen.getByRole('region', { name: 'Correct Answers' }).textContent).toBe(
      'Correct Answers2/450% accuracy',
    );
    expect(screen.getByRole('region', { name: 'Time Taken' }).textContent).toBe(
      'Time Taken7.5 minsof 20 mins',
    );
    expect(screen.getByRole('region', { name: 'Percentile' }).textContent).toContain('87.5');
    expect(screen.getByRole('region', { name: 'Started At' }).textContent).toContain('20th Nov 2026');

    await userEvent.click(screen.getByRole('tab', { name: 'Questions' }));
    const items = screen.getAllByRole('listitem', { name: /^Question \d$/ });
    expect(items).toHaveLength(4);
    const first = within(items[0]!);
    expect(first.getByText('Incorrect')).toBeTruthy();
    expect(first.getByText('Your answer').nextSibling?.textContent).toBe('Mumbai');
    expect(first.getByText('Correct answer').nextSibling?.textContent).toBe('New Delhi');
    expect(first.getByText('New Delhi since 1931.')).toBeTruthy();
    expect(items[0]!.querySelector('[data-correct]')?.textContent).toContain('New Delhi');
    expect(items[0]!.querySelector('[data-selected]')?.textContent).toContain('Mumbai');
    const second = within(items[1]!);
    expect(second.getByText('Correct')).toBeTruthy();
    expect(second.queryByText('Your answer')).toBeNull();
    expect(within(items[2]!).getByText('Your answer').nextSibling?.textContent).toBe('Not answered');
  });

  it('says "with compensatory time" beside such an attempt: the time taken card and the leaderboard (issue 26)', async () => {
    const own = summary(2);
    own.data.quizzSummary.allowedMinutes = 20 + 20 / 3;
    own.data.quizzSummary.withCompensatoryTime = true;
    fetchMock.mockResolvedValueOnce(json(200, own));
    renderPage();
    expect((await screen.findByRole('region', { name: 'Time Taken' })).textContent).toBe(
      'Time Taken7.5 minsof 26.7 minutes, with compensatory time (ranked per minute allowed)',
    );
    const row = (rank: number, name: string, withCompensatoryTime: boolean) => ({
      _id: `a${rank}`,
      rank,
      score: 3,
      elapsedTime: 450,
      userId: { name, profilePicUrl: null },
      isMe: false,
      withCompensatoryTime,
    });
    fetchMock.mockResolvedValueOnce(
      json(200, {
        results: [row(1, 'Asha', false), row(2, 'Ravi', true)],
        total: 2,
        page: 1,
        limit: 20,
      }),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Leaderboard' }));
    const rows = await screen.findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RankNameScoreTime',
      expect.stringMatching(/^#1Asha3/),
      expect.stringMatching(/^#2Raviwith compensatory time3/),
    ]);
    expect(rows[1]!.textContent).not.toContain('compensatory');
  });

  it.each([
    [1, 'gold'],
    [3, 'amber'],
    [10, 'purple'],
    [11, 'blue'],
  ])('rank %i gets the %s card', async (rank, tier) => {
    fetchMock.mockResolvedValueOnce(json(200, summary(rank)));
    renderPage();
    expect((await screen.findByRole('region', { name: 'Rank' })).dataset.tier).toBe(tier);
  });

  it('on failure shows the failure screen, and Retry loads it again', async () => {
    fetchMock.mockResolvedValueOnce(
      json(403, {
        statusCode: 403,
        message: 'Results will be available after the quiz ends',
        error: 'Forbidden',
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Failed to load quiz summary' })).toBeTruthy();
    expect(screen.getByText("We couldn't retrieve your quiz results. Please try again.")).toBeTruthy();
    fetchMock.mockResolvedValueOnce(json(200, summary(2)));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'General Awareness' })).toBeTruthy();
  });
});
