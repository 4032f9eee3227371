import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { TrendPoint } from '@quizcast/contract/schemas/analytics';
import { setLanguage } from '../../../i18n/i18n';
import { analyticsCatalog } from '../messages/catalog';
import { PublishedQuizzes } from './published-quizzes';

afterEach(cleanup);

const point = (quizId: string, name: string, sections?: TrendPoint['sections']): TrendPoint => ({
  quizId,
  name,
  exam: 'Banking',
  publishedAt: '2026-11-20T10:00:00.000Z',
  score: 4,
  maxScore: 10,
  scorePercent: 40,
  rank: 1,
  participants: 2,
  percentile: 100,
  ...(sections && { sections }),
});

const trend = [
  point('flat', 'Polity weekly'),
  point('mock', 'IBPS mock', [
    { name: 'English Language', nameHi: 'अंग्रेज़ी भाषा', score: 3, maxScore: 8, cleared: false },
    { name: 'Quantitative Aptitude', nameHi: 'संख्यात्मक अभियोग्यता', score: 1, maxScore: 2, cleared: null },
  ]),
];

const show = () =>
  render(
    <MemoryRouter>
      <PublishedQuizzes trend={trend} />
    </MemoryRouter>,
  );

describe('the progress page groups a sectional quiz by section (issue 26)', () => {
  it("lists a sectional quiz's sections in order under it, each out of its own maximum; a flat quiz has none", () => {
    show();
    const groups = screen.getAllByRole('list', { name: /section by section$/ });
    expect(groups).toHaveLength(1);
    const mock = screen.getByRole('list', { name: 'IBPS mock, section by section' });
    expect(
      within(mock)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Section 1: English Language3 of 8 · cut-off not cleared',
      'Section 2: Quantitative Aptitude1 of 2',
    ]);
    // Newest first, each quiz a link to its analysis.
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual([
      'IBPS mock40%',
      'Polity weekly40%',
    ]);
  });

  it('names the sections in Hindi for a Hindi reader', async () => {
    await analyticsCatalog.load('hi');
    await setLanguage('hi');
    onTestFinished(() => setLanguage('en'));
    show();
    const mock = screen.getByRole('list', { name: 'IBPS mock, सेक्शन-वार' });
    expect(within(mock).getAllByRole('listitem')[0]!.textContent).toBe(
      'सेक्शन 1: अंग्रेज़ी भाषा8 में से 3 · कट-ऑफ़ पार नहीं किया',
    );
  });
});
