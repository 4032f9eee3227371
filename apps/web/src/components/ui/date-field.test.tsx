import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/i18n';
import { DateField } from './date-field';

afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
  window.localStorage.clear();
});

describe('DateField (issue 30, defect 14)', () => {
  it('on a Hindi screen shows "दिन/महीना/साल" and then the date in Hindi, never the browser\'s mm/dd/yyyy', async () => {
    await act(() => setLanguage('hi'));
    const { rerender } = render(<DateField label="परीक्षा की तारीख" value="" onChange={() => undefined} />);
    expect((await screen.findByTestId('date-field-text')).textContent).toBe('दिन/महीना/साल');
    const input = screen.getByLabelText<HTMLInputElement>('परीक्षा की तारीख');
    expect(input.type).toBe('date');
    expect(input.dataset.dateField).toBe('shown');

    rerender(<DateField label="परीक्षा की तारीख" value="2026-12-01" onChange={() => undefined} />);
    expect(screen.getByTestId('date-field-text').textContent).toBe('1 दिस॰ 2026');

    // Editing: the browser's own fields (and its picker) take over.
    fireEvent.focus(input);
    expect(screen.queryByTestId('date-field-text')).toBeNull();
    expect(input.dataset.dateField).toBe('editing');
  });

  it('in English: dd/mm/yyyy, then "1 Dec 2026"', () => {
    const { rerender } = render(<DateField label="Exam date" value="" onChange={() => undefined} />);
    expect(screen.getByTestId('date-field-text').textContent).toBe('dd/mm/yyyy');
    rerender(<DateField label="Exam date" value="2026-12-01" onChange={() => undefined} />);
    expect(screen.getByTestId('date-field-text').textContent).toBe('1 Dec 2026');
  });
});
