import { INTL_LOCALES, type Language } from '@quizcast/contract/i18n/languages';
import type { ReviewStats } from '@quizcast/contract/schemas/review';
import { LABEL_PX, useDrawingWidth } from '../../../components/charts/use-drawing-width';
import { formatNumber } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { reviewCatalog } from '../messages/catalog';

/** A calendar day ("2026-12-05") as "5 Dec" / "5 दिस॰". */
const dayLabel = (date: string, language: Language) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(INTL_LOCALES[language], {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** Cards due on each of the next 14 days: a bar chart (decorative) and the same figures as a table. */
export function ForecastChart({ forecast }: { forecast: ReviewStats['forecast'] }) {
  const t = useT(reviewCatalog);
  const language = useLanguage();
  const max = Math.max(1, ...forecast.map((d) => d.count));
  // Drawn at its width on screen, so the day labels are LABEL_PX on a phone too.
  const [svgRef, width] = useDrawingWidth(14 * 24);
  const slot = width / Math.max(1, forecast.length);
  const height = 100;
  const summary = t('review.forecast.summary', {
    list: forecast
      .map(
        (d, i) =>
          `${i === 0 ? t('review.forecast.today') : dayLabel(d.date, language)} ${formatNumber(d.count, language)}`,
      )
      .join(', '),
  });
  return (
    <figure className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <figcaption className="text-sm font-semibold text-slate-700">{t('review.forecast.title')}</figcaption>
      <svg
        ref={svgRef}
        viewBox={`0 0 ${width} ${height + LABEL_PX + 8}`}
        className="mt-3 w-full"
        role="img"
        aria-label={summary}
      >
        {forecast.map((day, i) => {
          const h = Math.round((day.count / max) * height);
          return (
            <g key={day.date}>
              <rect
                x={i * slot + slot / 6}
                y={height - h}
                width={(slot * 2) / 3}
                height={h}
                rx={3}
                className="fill-brand-600"
              />
              <text
                x={i * slot + slot / 2}
                y={height + LABEL_PX + 2}
                textAnchor="middle"
                fontSize={LABEL_PX}
                className="fill-slate-600"
              >
                {i === 0
                  ? t('review.forecast.todayShort')
                  : formatNumber(new Date(`${day.date}T00:00:00Z`).getUTCDate(), language)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-800">
          {t('review.forecast.showTable')}
        </summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{t('review.forecast.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 font-semibold">
                {t('review.forecast.day')}
              </th>
              <th scope="col" className="py-1 font-semibold">
                {t('review.forecast.cardsDue')}
              </th>
            </tr>
          </thead>
          <tbody>
            {forecast.map((day, i) => (
              <tr key={day.date} className="border-t border-slate-100">
                <td className="py-1">
                  {i === 0
                    ? t('review.forecast.todayWithDate', { date: dayLabel(day.date, language) })
                    : dayLabel(day.date, language)}
                </td>
                <td className="py-1">{formatNumber(day.count, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
