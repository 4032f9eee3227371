import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LatestResult } from './latest-result';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderLatest() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LatestResult />
    </QueryClientProvider>,
  );
}

const entry = (id: string, name: string, score: number, elapsedTime: number) => ({
  _id: id,
  score,
  elapsedTime,
  userId: { name, profilePicUrl: null },
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LatestResult', () => {
  it('shows a loading indicator, then the quiz and a podium where each card has its own percentage', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, {
        quiz: { _id: 'q1', name: 'SSC Reasoning Sprint', class: 'High School', maxScore: 12 },
        results: [
          entry('a', 'Rohan Das', 12, 855),
          entry('b', 'Farhan Ali', 9, 61),
          entry('c', 'Ananya Iyer', 7, 600),
        ],
      }),
    );
    renderLatest();
    expect(screen.getByRole('status').textContent).toContain('Loading latest result');

    const list = await screen.findByRole('list', { name: 'Top 3 participants' });
    expect(screen.getByRole('heading', { name: 'SSC Reasoning Sprint' })).toBeTruthy();
    expect(screen.getByText('High School')).toBeTruthy();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const read = (card: HTMLElement) => ({
      medal: within(card).getByText(/^(Gold|Silver|Bronze)$/).textContent,
      name: within(card).getByRole('heading').textContent,
      percent: within(card).getByTestId('podium-percent').textContent,
      time: within(card).getByText(/^\d+:\d{2}$/).textContent,
    });
    expect(cards.map(read)).toEqual([
      { medal: 'Gold', name: 'Rohan Das', percent: '100%', time: '14:15' },
      { medal: 'Silver', name: 'Farhan Ali', percent: '75%', time: '1:01' },
      { medal: 'Bronze', name: 'Ananya Iyer', percent: '58%', time: '10:00' },
    ]);
  });

  it('renders nothing when there is no result or no quiz', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { results: [], quiz: null }));
    const { container } = renderLatest();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing and only logs "Fetch participants failed" when the fetch fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(
      json(500, { statusCode: 500, message: 'Internal server error', error: 'x' }),
    );
    const { container } = renderLatest();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Fetch participants failed', expect.anything()));
    expect(container.innerHTML).toBe('');
  });
});
