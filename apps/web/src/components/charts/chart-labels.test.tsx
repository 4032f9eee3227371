import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarChart, fitLabel } from './bar-chart';
import { LineChart, shownLabels } from './line-chart';
import { LABEL_PX, labelWidth } from './use-drawing-width';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The SVG takes `width` CSS pixels on screen (a 360 px phone leaves a chart about 296). */
function laidOutAt(width: number) {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width, height: 160 }),
  );
}

/** A label's size on screen: its font size times the SVG's scale (screen width / viewBox width). */
function screenSizes(svg: Element, width: number) {
  const scale = width / Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  return [...svg.querySelectorAll('text')].map((text) => Number(text.getAttribute('font-size')) * scale);
}

const ids = { titleId: 't', descId: 'd' };

describe('chart labels on a phone (issue 30: no text under 12 px)', () => {
  it('a line chart draws at its width on screen, so its labels are 12 px there', () => {
    laidOutAt(296);
    render(
      <div>
        <span id="t">Trend</span>
        <LineChart
          {...ids}
          labels={['1 Nov', '8 Nov', '25 Nov']}
          series={[{ name: 'Score %', values: [40, 55, 62], className: 'text-brand-700' }]}
        />
      </div>,
    );
    const svg = screen.getByRole('img', { name: 'Trend' });
    expect(svg.getAttribute('viewBox')).toBe('0 0 296 160');
    const sizes = screenSizes(svg, 296);
    expect(sizes).toHaveLength(6); // 0, 50, 100 and three dates
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(LABEL_PX);
  });

  it('a bar chart draws at its width on screen and cuts a long label to fit its column', () => {
    laidOutAt(296);
    render(
      <div>
        <span id="t">Accuracy</span>
        <BarChart
          {...ids}
          max={100}
          bars={[
            { label: 'Indian Constitution and Polity (12)', value: 40 },
            { label: 'Algebra (10)', value: 80 },
          ]}
        />
      </div>,
    );
    const svg = screen.getByRole('img', { name: 'Accuracy' });
    expect(svg.getAttribute('viewBox')!.split(' ')[2]).toBe('296');
    for (const size of screenSizes(svg, 296)) expect(size).toBeGreaterThanOrEqual(LABEL_PX);
    const labels = [...svg.querySelectorAll('text')].map((text) => text.textContent);
    expect(labels[1]).toBe('Algebra (10)');
    expect(labels[0]).toMatch(/^Indian Constitut.*…$/);
    // The cut label fits the 133 px column (45% of 296) left of the bars.
    expect(labelWidth(labels[0]!.length)).toBeLessThanOrEqual(133 - 6);
  });

  it('keeps a short label whole and cuts a long one with an ellipsis', () => {
    expect(fitLabel('Algebra', 100)).toBe('Algebra');
    expect(fitLabel('Quantitative Aptitude', 60)).toBe('Quantit…');
  });

  it('draws every date label when they fit, else every k-th back from the latest, never overlapping', () => {
    const dates = Array.from({ length: 12 }, (_, i) => `${i + 1} Nov`);
    expect(shownLabels(dates.slice(0, 3), 254)).toEqual([true, true, true]);
    const shown = shownLabels(dates, 254);
    expect(shown.at(-1)).toBe(true);
    expect(shown.filter(Boolean).length).toBeLessThan(12);
    const at = shown.flatMap((on, i) => (on ? [(i * 254) / 11] : []));
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(labelWidth(6));
  });
});
