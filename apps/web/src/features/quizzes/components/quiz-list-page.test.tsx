import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuizListPage } from './quiz-list-page';

/** The device is offline: every request fails as a browser's fetch does without a network. */
const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('QuizListPage offline (issue 30, defect 12)', () => {
  it('says the learner is offline and what the device keeps, instead of grey rows', async () => {
    // Retrying as the app does (network failures are retried): the list stays pending meanwhile.
    const client = new QueryClient({ defaultOptions: { queries: { retry: 2, retryDelay: 60_000 } } });
    await act(async () => {
      render(
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <QuizListPage />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    });
    expect(screen.getByText('You are offline')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Kept on this device');
    expect(screen.getByRole('link', { name: 'Open Review' }).getAttribute('href')).toBe('/review');
    expect(screen.queryAllByTestId('quiz-row-skeleton')).toHaveLength(0);
    client.clear();
  });

  it('wraps the exam chips, so none runs off the edge of a phone (issue 30, defect 10)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      render(
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <QuizListPage />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    });
    const chips = screen.getByRole('group', { name: 'Filter by exam' });
    expect(chips.className).toContain('flex-wrap');
    expect(chips.className).not.toContain('overflow-x-auto');
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'UPSC', 'SSC', 'Banking', 'NEET', 'JEE']);
    client.clear();
  });
});
