import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreakResponse } from '@quizcast/contract/schemas/streak';
import { StreakCard } from './streak-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderWith(streak: StreakResponse) {
  const fetchMock = vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify(streak), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <StreakCard />
      </QueryClientProvider>,
    );
  });
  expect(fetchMock.mock.calls[0]![0]).toBe('/api/streak');
  return client;
}

describe('StreakCard', () => {
  it("shows the learner's current and best streak and that today counts", async () => {
    const client = await renderWith({ current: 3, best: 7, today: true });
    expect((await screen.findByTestId('streak-current')).textContent).toBe('3 days');
    expect(screen.getByTestId('streak-best').textContent).toBe('7 days');
    expect(screen.getByText('Today counts. Come back tomorrow.')).toBeTruthy();
    client.clear();
  });

  it('tells a learner with a live streak what keeps it today', async () => {
    const client = await renderWith({ current: 1, best: 1, today: false });
    expect((await screen.findByTestId('streak-current')).textContent).toBe('1 day');
    expect(screen.getByText('Finish a quiz or ten reviews today to keep it.')).toBeTruthy();
    client.clear();
  });
});
