import type { AccuracyRow } from '@quizcast/contract/schemas/analytics';
import { BarChart } from '../../../components/charts/bar-chart';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { formatDecimal, formatNumber, formatPercent, formatShortDate } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { analyticsCatalog } from '../messages/catalog';

/** The page's words and number formats in the language on screen. */
export function useWords() {
  const t = useT(analyticsCatalog);
  const language = useLanguage();
  return {
    t,
    n: (value: number) => formatNumber(value, language),
    pct: (value: number) => formatPercent(value, language),
    seconds: (ms: number | null) =>
      ms === null ? '–' : t('analytics.seconds', { seconds: formatDecimal(ms / 1000, language) }),
    shortDate: (iso: string) => formatShortDate(iso, language),
  };
}

export function AccuracyChart({ title, rows }: { title: string; rows: AccuracyRow[] }) {
  const { t, n, pct } = useWords();
  const weakest = rows[0];
  return (
    <ChartFigure
      title={title}
      summary={
        weakest
          ? t('analytics.weakest', {
              name: weakest.label,
              percent: pct(weakest.accuracy),
              count: weakest.questions,
            })
          : t('analytics.noQuestions')
      }
      table={{
        columns: [
          t('analytics.col.name'),
          t('analytics.col.accuracy'),
          t('analytics.col.questions'),
          t('analytics.col.correct'),
        ],
        rows: rows.map((r) => [r.label, pct(r.accuracy), n(r.questions), n(r.correct)]),
      }}
    >
      {(ids) => (
        <BarChart
          {...ids}
          max={100}
          bars={rows.map((r) => ({ label: `${r.label} (${r.questions})`, value: r.accuracy }))}
        />
      )}
    </ChartFigure>
  );
}
