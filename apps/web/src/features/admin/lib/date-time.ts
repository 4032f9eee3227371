import dayjs from 'dayjs';

/** India Standard Time: shown beside every admin date so a schedule is never ambiguous. */
export const IST_ZONE = 'Asia/Kolkata';

const istFormatter = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "22 Nov 2026, 3:30 pm IST". */
export function formatIst(value: string | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${istFormatter.format(date)} IST`;
}

/** An instant as the value of an `<input type="datetime-local">` in the browser's own zone. */
export function toLocalInput(value: string | Date): string {
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DDTHH:mm') : '';
}

/** A `datetime-local` value (browser zone) as an ISO instant; '' when empty or invalid. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.toISOString() : '';
}

/** The current minute as a `datetime-local` value (never later than now). */
export function nowLocalInput(now: Date = new Date()): string {
  return dayjs(now).second(0).millisecond(0).format('YYYY-MM-DDTHH:mm');
}

/** The browser's zone name, e.g. "Asia/Kolkata", for the hint under date inputs. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'local time';
  }
}
