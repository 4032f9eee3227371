import { INTL_LOCALES, type Language } from '@quizcast/contract/i18n/languages';

/** Numbers in the language's Indian locale: 1,00,000 grouping, the same digits in both languages. */
export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], options).format(value);
}

/** A whole percentage (75 → "75%"). */
export function formatPercent(percent: number, language: Language): string {
  return formatNumber(percent / 100, language, { style: 'percent', maximumFractionDigits: 0 });
}

/** The year of a date, as the language writes it. */
export function formatYear(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { year: 'numeric' }).format(date);
}
