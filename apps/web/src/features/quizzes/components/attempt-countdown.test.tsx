import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AttemptCountdown } from './attempt-countdown';

describe('AttemptCountdown', () => {
  it('shows mm:ss, turns red under 60 s and reads "Time Expired" at zero', () => {
    const { rerender } = render(<AttemptCountdown remainingMs={125_000} />);
    const timer = screen.getByRole('timer', { name: 'Time left' });
    expect(screen.getByTestId('countdown').textContent).toBe('02:05');
    expect(timer.dataset.warning).toBeUndefined();

    rerender(<AttemptCountdown remainingMs={59_500} />);
    expect(screen.getByTestId('countdown').textContent).toBe('01:00');
    expect(timer.dataset.warning).toBeUndefined();
    rerender(<AttemptCountdown remainingMs={59_000} />);
    expect(screen.getByTestId('countdown').textContent).toBe('00:59');
    expect(timer.textContent).toContain('Less than one minute left');
    expect(timer.dataset.warning).toBe('true');
    expect(timer.className).toContain('text-red-700');

    rerender(<AttemptCountdown remainingMs={0} />);
    expect(screen.getByTestId('countdown').textContent).toBe('Time Expired');
  });
});
