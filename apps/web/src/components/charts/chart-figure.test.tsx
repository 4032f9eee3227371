import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarChart } from './bar-chart';
import { ChartFigure, tableSpeech } from './chart-figure';
import { LineChart } from './line-chart';

afterEach(cleanup);

const table = {
  columns: ['Topic', 'Accuracy', 'Questions'],
  rows: [
    ['Percentages', '12%', 3],
    ['Algebra', '80%', 10],
  ],
};

describe('charts (ADR 017)', () => {
  it('names the chart image by its title, describes it by its summary and shows every figure in a table', () => {
    render(
      <ChartFigure
        title="Accuracy by topic"
        summary="Weakest: Percentages, 12% of 3 questions right."
        table={table}
      >
        {(ids) => (
          <BarChart
            {...ids}
            max={100}
            bars={[
              { label: 'Percentages (3)', value: 12 },
              { label: 'Algebra (10)', value: 80 },
            ]}
          />
        )}
      </ChartFigure>,
    );
    const img = screen.getByRole('img', { name: 'Accuracy by topic' });
    expect(img.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(img.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Weakest: Percentages, 12% of 3 questions right.',
    );
    expect(img.querySelectorAll('rect')).toHaveLength(2);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'TopicAccuracyQuestions',
      'Percentages12%3',
      'Algebra80%10',
    ]);
    expect(screen.getByRole('figure', { name: 'Accuracy by topic' })).toBeTruthy();
  });

  it('draws one point per value in a line chart', () => {
    render(
      <ChartFigure title="Trend" summary="Up." table={table}>
        {(ids) => (
          <LineChart
            {...ids}
            labels={['1 Nov', '8 Nov', '15 Nov']}
            series={[{ name: 'Score %', values: [40, 55, 62], className: 'text-brand-700' }]}
          />
        )}
      </ChartFigure>,
    );
    expect(screen.getByRole('img', { name: 'Trend' }).querySelectorAll('circle')).toHaveLength(3);
  });

  it('a data table wider than the phone says there is more to the right (issue 30, defect 10)', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(520);
    render(
      <ChartFigure title="Trend" summary="Up." table={table}>
        {() => null}
      </ChartFigure>,
    );
    const region = screen.getByRole('region', { name: /data table/ });
    expect(region.parentElement!.querySelector('[data-scroll-cue="after"]')).not.toBeNull();
    vi.restoreAllMocks();
  });

  it('keeps the last date label inside the drawing (issue 30, defect 11)', () => {
    render(
      <ChartFigure title="Trend" summary="Up." table={table}>
        {(ids) => (
          <LineChart
            {...ids}
            labels={['1 Nov', '8 Nov', '25 Nov']}
            series={[{ name: 'Score %', values: [40, 55, 62], className: 'text-brand-700' }]}
          />
        )}
      </ChartFigure>,
    );
    const svg = screen.getByRole('img', { name: 'Trend' });
    const width = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
    const last = [...svg.querySelectorAll('text')].find((text) => text.textContent === '25 Nov')!;
    // Ends at its point, which is inside the drawing (a centred label ran half its width past it).
    expect(last.getAttribute('text-anchor')).toBe('end');
    expect(Number(last.getAttribute('x'))).toBeLessThanOrEqual(width);
  });

  it('reads the table aloud row by row', () => {
    expect(tableSpeech('Accuracy by topic', table)).toBe(
      'Accuracy by topic. Topic: Percentages, Accuracy: 12%, Questions: 3. Topic: Algebra, Accuracy: 80%, Questions: 10.',
    );
  });
});
