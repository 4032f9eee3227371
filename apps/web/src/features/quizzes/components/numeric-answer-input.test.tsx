import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { NumericAnswerInput } from './numeric-answer-input';

afterEach(cleanup);

/** The box with the attempt session stood in for: what it saves is kept as `selected`. */
function Harness({ saves }: { saves: (string | null)[] }) {
  const [selected, setSelected] = useState<string>();
  return (
    <>
      <NumericAnswerInput
        selected={selected}
        onAnswer={(value) => {
          saves.push(value);
          setSelected(value);
        }}
        onClear={() => {
          saves.push(null);
          setSelected(undefined);
        }}
      />
      <button type="button" onClick={() => setSelected(undefined)}>
        Clear Response
      </button>
    </>
  );
}

describe('NumericAnswerInput', () => {
  it('is a labelled text field with the decimal keypad', () => {
    render(<Harness saves={[]} />);
    const box = screen.getByRole('textbox', { name: 'Your answer (a number)' });
    expect(box.getAttribute('inputmode')).toBe('decimal');
    expect(box.getAttribute('type')).toBe('text');
  });

  it('saves a number as its canonical text and refuses anything else with a message, saving nothing', () => {
    const saves: (string | null)[] = [];
    render(<Harness saves={saves} />);
    const box = screen.getByRole('textbox', { name: 'Your answer (a number)' });
    fireEvent.change(box, { target: { value: '-' } });
    expect(screen.queryByRole('alert')).toBeNull(); // may still become a number
    fireEvent.change(box, { target: { value: '12abc' } });
    expect(screen.getByRole('alert').textContent).toBe('Enter a number, like 12 or -3.5');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(saves).toEqual([]);
    fireEvent.change(box, { target: { value: '2.50' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saves).toEqual(['2.5']);
    expect((box as HTMLInputElement).value).toBe('2.50'); // what was typed stays
    fireEvent.change(box, { target: { value: '' } });
    expect(saves).toEqual(['2.5', null]);
  });

  it('empties itself when the response is cleared elsewhere (Clear Response)', () => {
    const saves: (string | null)[] = [];
    render(<Harness saves={saves} />);
    const box = screen.getByRole('textbox', { name: 'Your answer (a number)' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear Response' }));
    expect(box.value).toBe('');
  });
});
