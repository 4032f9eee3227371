import { formatInterval as formatIntervalEnglish } from '@quizcast/contract/domain/review';
import { INTL_LOCALES, type Language } from '@quizcast/contract/i18n/languages';

/**
 * The time until a card's next review ("10 min", "2 days" in English, as the contract words it), in
 * Hindi through Intl's units with the same rounding ("10 मिनट", "2 दिन", "1 महीना", "1.5 वर्ष").
 */
export function formatInterval(ms: number, language: Language): string {
  if (language === 'en') return formatIntervalEnglish(ms);
  const unit = (value: number, name: 'minute' | 'hour' | 'day' | 'month' | 'year') =>
    new Intl.NumberFormat(INTL_LOCALES[language], { style: 'unit', unit: name, unitDisplay: 'long' }).format(
      value,
    );
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return unit(hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 31) return unit(days, 'day');
  const months = Math.round(days / 30);
  if (months < 12) return unit(months, 'month');
  return unit(Math.round((days / 365) * 10) / 10, 'year');
}
