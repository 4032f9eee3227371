import { Timer } from 'lucide-react';
import { TIMER_WARNING_SECONDS } from '@quizcast/contract/constants';
import { formatCountdown } from '@quizcast/contract/domain/duration-format';
import { useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';
import type { AttemptT } from './palette-labels';

/** Spoken to screen readers only when it changes: at 5 minutes, 1 minute and the end. */
function announcement(remainingMs: number, t: AttemptT): string {
  const secs = Math.ceil(remainingMs / 1000);
  if (secs <= 0) return t('attempt.clock.expired');
  if (secs <= 60) return t('attempt.clock.underOneMinute');
  if (secs <= 300) return t('attempt.clock.underFiveMinutes');
  return '';
}

/** Time left on the server's deadline: red under 60 s, "Time Expired" at zero. */
export function AttemptCountdown({
  remainingMs,
  label,
  quiet = false,
  testId = 'countdown',
}: {
  remainingMs: number;
  /** The timer's name (default "Time left"). */
  label?: string;
  /** No announcements of its own (a section's clock: the screen announces its warnings politely). */
  quiet?: boolean;
  testId?: string;
}) {
  const t = useT(attemptCatalog);
  const expired = remainingMs <= 0;
  // Red once the displayed seconds drop under 60 (the display rounds up).
  const warning = Math.ceil(remainingMs / 1000) < TIMER_WARNING_SECONDS;
  return (
    <div
      role="timer"
      aria-label={label ?? t('attempt.clock.label')}
      data-warning={warning || undefined}
      className={`inline-flex min-h-11 items-center gap-2 rounded-xl px-3 font-mono text-lg font-bold tabular-nums ${
        warning ? 'bg-red-100 text-red-700' : 'bg-brand-50 text-brand-900'
      }`}
    >
      <Timer className="size-5" aria-hidden="true" />
      <span data-testid={testId}>{expired ? t('attempt.clock.expired') : formatCountdown(remainingMs)}</span>
      {!quiet && (
        <span className="sr-only" aria-live="assertive">
          {announcement(remainingMs, t)}
        </span>
      )}
    </div>
  );
}
