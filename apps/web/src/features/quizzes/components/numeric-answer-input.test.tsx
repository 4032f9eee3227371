import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { NumericAnswerInput } from './numeric-answer-input';

afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
});

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

  it('the on-screen keypad edits the same answer by the same rules, and saves it', () => {
    const saves: (string | null)[] = [];
    render(<Harness saves={saves} />);
    const box = screen.getByRole('textbox', { name: 'Your answer (a number)' }) as HTMLInputElement;
    const keypad = screen.getByRole('group', { name: 'On-screen keypad' });
    const press = (name: string) => fireEvent.click(within(keypad).getByRole('button', { name }));
    for (const name of ['1', '2', 'Decimal point', '5', 'Decimal point', 'Minus sign']) press(name);
    expect(box.value).toBe('-12.5');
    expect(saves).toEqual(['1', '12', '12.5', '-12.5']);
    press('Backspace');
    expect(box.value).toBe('-12.');
    expect(saves.at(-1)).toBe('-12');
    // Typed on the phone's keyboard, then edited on the keypad: one text.
    fireEvent.change(box, { target: { value: '3' } });
    press('0');
    expect(box.value).toBe('30');
    press('Clear the answer');
    expect(box.value).toBe('');
    expect(saves.at(-1)).toBeNull();
  });

  it('is reached and pressed from the keyboard alone', async () => {
    const user = userEvent.setup();
    const saves: (string | null)[] = [];
    render(<Harness saves={saves} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your answer (a number)' }));
    await user.tab(); // the first key, 7
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard(' ');
    expect(saves).toEqual(['7', '78']);
  });

  it('names its keys in Hindi', async () => {
    await act(() => setLanguage('hi'));
    render(<Harness saves={[]} />);
    const keypad = screen.getByRole('group', { name: 'स्क्रीन कीपैड' });
    for (const name of ['दशमलव बिंदु', 'ऋण चिह्न', 'पिछला अंक मिटाएँ', 'उत्तर मिटाएँ']) {
      expect(within(keypad).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('is disabled with the box', () => {
    render(<NumericAnswerInput disabled onAnswer={() => {}} onClear={() => {}} />);
    const keys = within(screen.getByRole('group', { name: 'On-screen keypad' })).getAllByRole('button');
    expect(keys).toHaveLength(14);
    expect(keys.every((k) => (k as HTMLButtonElement).disabled)).toBe(true);
  });
});
