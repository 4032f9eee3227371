import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemAnalysisResponse, ItemRow } from '@quizcast/contract/schemas/analytics';
import { ItemAnalysisPanel } from './item-analysis-panel';

const fetchMock = vi.fn<typeof fetch>();

const item = (number: number, section: number, facility: number): ItemRow => ({
  questionId: `q${number}`,
  number,
  qn: `Question ${number}?`,
  topic: null,
  choices: ['a', 'b'],
  ansIndex: 0,
  type: 'mcq',
  numericAnswer: null,
  tolerance: null,
  dropped: false,
  facility,
  discrimination: null,
  options: [
    { choice: 'a', count: 1, share: facility, topShare: 0 },
    { choice: 'b', count: 0, share: 100 - facility, topShare: 0 },
  ],
  skipped: 0,
  skippedShare: 0,
  wrongShare: 100 - facility,
  avgTimeMs: null,
  flags: [],
  section,
});

const body: ItemAnalysisResponse = {
  quiz: { _id: 'quiz-1', name: 'Mock' },
  participants: 3,
  groupSize: 1,
  computedAt: '2026-11-27T10:00:00.000Z',
  items: [item(1, 0, 100), item(2, 0, 33.3), item(3, 1, 0)],
  corrections: [],
  sections: [
    { name: 'Physics', nameHi: 'भौतिकी', questions: 2, facility: 66.7 },
    { name: 'Chemistry', nameHi: 'रसायन विज्ञान', questions: 1, facility: 0 },
  ],
};

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('item analysis by section (issue 26)', () => {
  it('groups the items under each section with its average facility', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ItemAnalysisPanel quizId="quiz-1" published />
      </QueryClientProvider>,
    );
    const physics = await screen.findByRole('region', { name: 'Section 1: Physics' }, { timeout: 5000 });
    expect(within(physics).getByText('2 questions · average facility 66.7%')).toBeTruthy();
    expect(
      within(physics)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Question 1', 'Question 2']);
    const chemistry = screen.getByRole('region', { name: 'Section 2: Chemistry' });
    expect(within(chemistry).getAllByRole('listitem', { name: /^Question/ })).toHaveLength(1);
  });
});
