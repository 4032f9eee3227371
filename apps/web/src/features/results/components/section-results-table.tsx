import type { QuizSummary } from '@quizcast/contract/schemas/result';
import { formatNumber, formatPercent } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { resultsCatalog } from '../messages/catalog';

/**
 * The summary's section table (issue 26, ADR 022): each section's score, accuracy, attempted count,
 * cut-off and section rank, as the server sends them after publication; then the overall cut-off.
 * A real table (a caption, column and row headers) that scrolls sideways inside itself at 360 px.
 */
export function SectionResultsTable({ summary }: { summary: QuizSummary }) {
  const t = useT(resultsCatalog);
  const language = useLanguage();
  const sections = summary.sections;
  if (!sections?.length) return null;
  const n = (value: number) => formatNumber(value, language, { maximumFractionDigits: 2 });
  const cutoffCell = (cleared: boolean | null) =>
    cleared === null
      ? t('results.sections.noCutoff')
      : cleared
        ? t('results.sections.cleared')
        : t('results.sections.notCleared');
  return (
    <div className="space-y-3">
      <h2 id="section-results-heading" className="text-lg font-bold text-slate-900">
        {t('results.sections.title')}
      </h2>
      <div
        className="overflow-x-auto rounded-2xl border border-slate-200 bg-white"
        tabIndex={0}
        role="region"
        aria-labelledby="section-results-heading"
      >
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('results.sections.section')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('results.sections.score')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('results.sections.accuracy')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('results.sections.attempted')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('results.sections.cutoff')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('results.sections.rank')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-900">
            {sections.map((s, i) => (
              <tr key={i}>
                <th scope="row" className="px-3 py-2 font-semibold">
                  {language === 'hi' ? s.nameHi : s.name}
                </th>
                <td className="px-3 py-2 tabular-nums">
                  {t('results.sections.scoreValue', {
                    score: n(s.score),
                    max: n(s.maxScore),
                  })}
                </td>
                <td className="px-3 py-2 tabular-nums">
                  {s.accuracy === null
                    ? t('results.sections.noAccuracy')
                    : formatPercent(s.accuracy, language)}
                </td>
                <td className="px-3 py-2 tabular-nums">
                  {t('results.sections.attemptedValue', {
                    attempted: n(s.attempted),
                    total: n(s.questionCount),
                  })}
                </td>
                <td className="px-3 py-2">
                  {s.cutoff === null
                    ? cutoffCell(null)
                    : t('results.sections.cutoffValue', {
                        cutoff: n(s.cutoff),
                        result: cutoffCell(s.cleared),
                      })}
                </td>
                <td className="px-3 py-2 tabular-nums">{t('results.rankValue', { rank: s.rank })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {summary.cutoffCleared !== null && summary.cutoffCleared !== undefined && (
        <p className="text-sm font-semibold text-slate-900">
          {summary.cutoffCleared ? t('results.sections.allCleared') : t('results.sections.notAllCleared')}
        </p>
      )}
    </div>
  );
}
