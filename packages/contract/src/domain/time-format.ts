import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';

dayjs.extend(advancedFormat);

/**
 * Start time as the list shows it: "h:mm A" with "Today", "Tomorrow" or "Do MMM YYYY"
 * (e.g. "Today, 3:30 PM", "Tomorrow, 9:05 AM", "5th Dec 2026, 6:00 PM"), in local time.
 */
export function startTimeLabel(startTimeStamp: string | Date, now: Date): string {
  const start = dayjs(startTimeStamp);
  const today = dayjs(now).startOf('day');
  const time = start.format('h:mm A');
  if (start.isSame(today, 'day')) return `Today, ${time}`;
  if (start.isSame(today.add(1, 'day'), 'day')) return `Tomorrow, ${time}`;
  return `${start.format('Do MMM YYYY')}, ${time}`;
}

/** Elapsed seconds as m:ss with two-digit seconds (podium). */
export function formatElapsed(totalSeconds: number): string {
  const safe = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** Countdown as mm:ss, or h:mm:ss for an hour or more. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Time taken = (submittedAt − startedAt) in minutes, one decimal; 0 when not submitted. */
export function timeTakenMinutes(startedAt: string | Date, submittedAt?: string | Date | null): number {
  if (!submittedAt) return 0;
  const ms = new Date(submittedAt).getTime() - new Date(startedAt).getTime();
  return Math.max(0, Math.round(ms / 6000) / 10);
}
