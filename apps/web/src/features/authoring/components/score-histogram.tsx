import type { HistogramBin } from '@quizcast/contract/schemas/admin-quiz';
import { useT } from '../../../i18n/use-t';
import { authoringCatalog } from '../messages/catalog';

/**
 * Score distribution as plain CSS bars: a list a screen reader reads as "Score 2: 3 participants",
 * with no chart library to download on a slow connection.
 */
export function ScoreHistogram({ bins, percentBins }: { bins: HistogramBin[]; percentBins: boolean }) {
  const t = useT(authoringCatalog);
  const highest = Math.max(1, ...bins.map((b) => b.count));
  const total = bins.reduce((sum, b) => sum + b.count, 0);
  return (
    <figure>
      <figcaption className="text-base font-bold text-slate-900">{t('authoring.histogram.title')}</figcaption>
      {total === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('authoring.histogram.empty')}</p>
      ) : (
        <ul className="mt-3 space-y-1.5" aria-label={t('authoring.histogram.list')}>
          {bins.map((bin) => {
            const spoken = t(
              percentBins ? 'authoring.histogram.percentBin' : 'authoring.histogram.scoreBin',
              {
                bin: bin.label,
                count: bin.count,
              },
            );
            return (
              <li key={bin.label} className="grid grid-cols-[4.5rem_1fr_2.5rem] items-center gap-2 text-sm">
                <span className="text-slate-700" aria-hidden="true">
                  {bin.label}
                </span>
                <span className="h-5 overflow-hidden rounded bg-slate-100" aria-hidden="true">
                  <span
                    className="block h-full rounded bg-brand-600"
                    style={{ width: `${(bin.count / highest) * 100}%` }}
                  />
                </span>
                <span className="text-right font-semibold text-slate-900" aria-hidden="true">
                  {bin.count}
                </span>
                <span className="sr-only">{spoken}</span>
              </li>
            );
          })}
        </ul>
      )}
    </figure>
  );
}
