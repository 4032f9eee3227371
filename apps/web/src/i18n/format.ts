import { INTL_LOCALES, type Language } from '@quizcast/contract/i18n/languages';

/** Numbers in the language's Indian locale: 1,00,000 grouping, the same digits in both languages. */
export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], options).format(value);
}

/** A percentage as the API gives it, whole or to one decimal (75 → "75%", 62.5 → "62.5%"). */
export function formatPercent(percent: number, language: Language): string {
  return formatNumber(percent / 100, language, { style: 'percent', maximumFractionDigits: 1 });
}

/** The year of a date, as the language writes it. */
export function formatYear(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { year: 'numeric' }).format(date);
}

/** A number with exactly `digits` decimals (7.5 → "7.5", 7 → "7.0" with one digit). */
export function formatDecimal(value: number, language: Language, digits = 1): string {
  return formatNumber(value, language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Hindi "pm" → "PM", as learners write the time ("आज, 5:30 PM"). */
function timeOfDay(date: Date, language: Language, withSeconds = false): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], {
    hour: 'numeric',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
    hour12: true,
  })
    .formatToParts(date)
    .map((part) => (part.type === 'dayPeriod' ? part.value.toUpperCase() : part.value))
    .join('');
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** "5 दिस॰ 2026" / "5 Dec 2026" (device time). */
export function formatDate(date: Date | string, language: Language): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(date));
}

/** "5 दिस॰" / "5 Dec" (device time). */
export function formatShortDate(date: Date | string, language: Language): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { day: 'numeric', month: 'short' }).format(
    new Date(date),
  );
}

/**
 * A start time as the quiz list shows it, in device time: "आज, 5:30 PM", "कल, 9:05 AM",
 * "5 दिस॰ 2026, 6:00 PM" (today and tomorrow from Intl.RelativeTimeFormat). English keeps the spec's
 * wording, passed in as `english` ("Today, 3:30 PM", "5th Dec 2026, 6:00 PM").
 */
export function formatStartTime(when: Date | string, now: Date, language: Language, english: string): string {
  if (language === 'en') return english;
  const date = new Date(when);
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  const relative = new Intl.RelativeTimeFormat(INTL_LOCALES[language], { numeric: 'auto' });
  const day = sameDay(date, now)
    ? relative.format(0, 'day')
    : sameDay(date, tomorrow)
      ? relative.format(1, 'day')
      : formatDate(date, language);
  return `${day}, ${timeOfDay(date, language)}`;
}

/**
 * A moment ("5 दिस॰ 2026, 6:04:09 PM", or without seconds "5 दिस॰ 2026, 6:04 PM"); English keeps the
 * spec's form, passed in.
 */
export function formatDateTime(
  when: Date | string,
  language: Language,
  english: string,
  { seconds = true }: { seconds?: boolean } = {},
): string {
  if (language === 'en') return english;
  const date = new Date(when);
  return `${formatDate(date, language)}, ${timeOfDay(date, language, seconds)}`;
}

/** India Standard Time, beside every admin date so a schedule for Indian students is never misread. */
export const IST_ZONE = 'Asia/Kolkata';

/**
 * A moment in IST: "22 Nov 2026, 3:30 pm IST" in English (en-IN's own form, as the admin screens have
 * always shown it), "22 नव॰ 2026, 3:30 PM IST" in Hindi; '' for an invalid date.
 */
const istFormatters = new Map<Language, Intl.DateTimeFormat>();

export function formatIst(when: Date | string, language: Language): string {
  const date = new Date(when);
  if (Number.isNaN(date.getTime())) return '';
  let formatter = istFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALES[language], {
      timeZone: IST_ZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    istFormatters.set(language, formatter);
  }
  const text = formatter
    .formatToParts(date)
    .map((part) => (language === 'hi' && part.type === 'dayPeriod' ? part.value.toUpperCase() : part.value))
    .join('');
  return `${text} IST`;
}
