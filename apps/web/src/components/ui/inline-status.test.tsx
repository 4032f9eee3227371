import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InlineStatus, useInlineStatus } from './inline-status';

afterEach(cleanup);

/** A section whose buttons say what its status says. */
function Saved() {
  const status = useInlineStatus();
  return (
    <section aria-label="Privacy">
      <button onClick={() => status.say('Privacy settings saved')}>saved</button>
      <button onClick={() => status.say('Could not save your privacy settings', 'error')}>failed</button>
      <button onClick={() => status.clear()}>clear</button>
      <InlineStatus status={status.status} />
    </section>
  );
}
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('InlineStatus (issue 30, defect 7: a control says what it did beside itself)', () => {
  it('is a polite live region in the page from the start, empty until something is said', () => {
    render(<Saved />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    // role="status" is aria-live="polite": read out without interrupting.
    expect(screen.getByRole('region', { name: 'Privacy' }).contains(status)).toBe(true);
  });

  it('says a success and a failure, each with its tone', () => {
    render(<Saved />);
    press('saved');
    expect(screen.getByRole('status').textContent).toBe('Privacy settings saved');
    expect(screen.getByRole('status').querySelector('[data-tone]')!.getAttribute('data-tone')).toBe(
      'success',
    );
    press('failed');
    expect(screen.getByRole('status').textContent).toBe('Could not save your privacy settings');
    expect(screen.getByRole('status').querySelector('[data-tone]')!.getAttribute('data-tone')).toBe('error');
  });

  it('says the same message again as new text (so a screen reader reads it again), and clears', () => {
    render(<Saved />);
    press('saved');
    const first = screen.getByRole('status').firstElementChild;
    press('saved');
    const second = screen.getByRole('status').firstElementChild;
    expect(second).not.toBe(first);
    expect(second!.textContent).toBe('Privacy settings saved');
    press('clear');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('lies in the flow of the page: nothing fixed over the screen', () => {
    render(<Saved />);
    press('saved');
    for (const el of [screen.getByRole('status'), ...screen.getByRole('status').querySelectorAll('*')]) {
      expect(el.getAttribute('class') ?? '').not.toMatch(/\b(fixed|sticky|absolute)\b/);
    }
  });
});
