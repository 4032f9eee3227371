import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';

dayjs.extend(advancedFormat);

// Without dayjs, for screens that need only these (the landing page's podium, the attempt's timer).
export { formatCountdown, formatElapsed } from './duration-format';

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

/** Time taken = (submittedAt − startedAt) in minutes, one decimal; 0 when not submitted. */
export function timeTakenMinutes(startedAt: string | Date, submittedAt?: string | Date | null): number {
  if (!submittedAt) return 0;
  const ms = new Date(submittedAt).getTime() - new Date(startedAt).getTime();
  return Math.max(0, Math.round(ms / 6000) / 10);
}
