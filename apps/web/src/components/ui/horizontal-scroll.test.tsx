import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HorizontalScroll } from './horizontal-scroll';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** jsdom lays nothing out: give the row a 390 px box around 600 px of table. */
function layOut(width: number, contentWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(contentWidth);
}
const cue = (side: 'before' | 'after') => document.querySelector(`[data-scroll-cue="${side}"]`);

describe('HorizontalScroll (issue 30, defect 10)', () => {
  it('shows a cue on the side with more to see, and none when everything fits', () => {
    layOut(390, 600);
    render(
      <HorizontalScroll role="region" aria-label="Quizzes: data table" tabIndex={0}>
        <table />
      </HorizontalScroll>,
    );
    const row = screen.getByRole('region', { name: 'Quizzes: data table' });
    expect(cue('after')).not.toBeNull();
    expect(cue('before')).toBeNull();

    act(() => {
      row.scrollLeft = 210;
      row.dispatchEvent(new Event('scroll'));
    });
    expect(cue('after')).toBeNull();
    expect(cue('before')).not.toBeNull();
  });

  it('no cue when the content fits', () => {
    layOut(390, 390);
    render(<HorizontalScroll>fits</HorizontalScroll>);
    expect(cue('after')).toBeNull();
    expect(cue('before')).toBeNull();
  });
});
