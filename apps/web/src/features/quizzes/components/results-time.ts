import { INTL_LOCALES, type Language } from '@quizcast/contract/i18n/languages';
import type { AttemptT } from './palette-labels';

/** "22 Nov, 3:30 pm" (English, as before) or "22 नव॰, 3:30 PM" (Hindi writes the time as learners do). */
function publishedAt(date: Date, language: Language): string {
  const text = new Intl.DateTimeFormat(INTL_LOCALES[language], {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(date);
  return language === 'hi' ? text.replace(/\b(am|pm)\b/, (period) => period.toUpperCase()) : text;
}

/** "Results will be published on 22 Nov, 3:30 pm IST." — or a plain sentence without a time. */
export function resultsPublishedText(resultsAt: string | undefined, t: AttemptT, language: Language): string {
  const date = resultsAt ? new Date(resultsAt) : null;
  if (!date || Number.isNaN(date.getTime())) return t('attempt.resultsAfterEnd');
  return t('attempt.resultsAt', { when: publishedAt(date, language) });
}
