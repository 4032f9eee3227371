import { memo, useEffect, useRef } from 'react';
import { timeWarning, type TimeWarning } from '../../../hooks/audio-mode';
import { useCountdown } from '../hooks/use-countdown';
import { AttemptCountdown } from './attempt-countdown';

/**
 * The countdown with its own state: its ticks re-render only this, never the question or the palette.
 * `onExpire` runs once at zero; `onWarning` at 5 minutes, 1 minute and 10 seconds left.
 */
export const AttemptClock = memo(function AttemptClock({
  deadlineMs,
  clockOffsetMs,
  onExpire,
  onWarning,
  label,
  quiet,
  testId,
}: {
  label?: string;
  quiet?: boolean;
  testId?: string;
  deadlineMs: number;
  clockOffsetMs: number;
  onExpire(): void;
  onWarning(warning: TimeWarning): void;
}) {
  const callbacks = useRef({ onExpire, onWarning });
  useEffect(() => {
    callbacks.current = { onExpire, onWarning };
  });
  const remaining = useCountdown(deadlineMs, clockOffsetMs, () => callbacks.current.onExpire());
  const previous = useRef(remaining);
  useEffect(() => {
    const warning = timeWarning(previous.current, remaining);
    previous.current = remaining;
    if (warning) callbacks.current.onWarning(warning);
  }, [remaining]);
  return <AttemptCountdown remainingMs={remaining} label={label} quiet={quiet} testId={testId} />;
});
