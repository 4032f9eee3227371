import dayjs from 'dayjs';

import type { Language } from '@quizcast/contract/i18n/languages';
import { formatIst as formatIstIn } from '../i18n/format';

/** "22 Nov 2026, 3:30 pm IST" ("22 नव॰ 2026, 3:30 PM IST" in Hindi), through `i18n/format.ts`. */
export function formatIst(value: string | Date, language: Language = 'en'): string {
  return formatIstIn(value, language);
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

/** The browser's zone name, e.g. "Asia/Kolkata", for the hint under date inputs; null when unknown. */
export function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
