import { Link } from 'react-router';
import { webPath } from '@quizcast/contract/routes';
import type { TrendPoint } from '@quizcast/contract/schemas/analytics';
import { useLanguage } from '../../../i18n/use-t';
import { useWords } from './accuracy-chart';

/**
 * The progress page's list of published quizzes, newest first, each a link to its Analysis tab. A
 * sectional quiz's figures follow it section by section, in order (issue 26): each section's score
 * out of its own maximum and its cut-off cleared or not.
 */
export function PublishedQuizzes({ trend }: { trend: readonly TrendPoint[] }) {
  const { t, n, pct } = useWords();
  const language = useLanguage();
  return (
    <section aria-labelledby="quizzes-heading">
      <h2 id="quizzes-heading" className="text-base font-bold text-slate-900">
        {t('analytics.published')}
      </h2>
      <ul className="mt-2 space-y-2">
        {[...trend].reverse().map((p) => (
          <li key={p.quizId}>
            <Link
              to={`${webPath.quizSummary(p.quizId)}?tab=analysis`}
              className="flex min-h-11 items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-slate-50 active:bg-slate-100"
            >
              <span>{p.name}</span>
              <span className="text-slate-700 tabular-nums">{pct(p.scorePercent)}</span>
            </Link>
            {p.sections && p.sections.length > 0 && (
              <ol
                aria-label={t('analytics.sections.label', { name: p.name })}
                className="mt-1 space-y-1 ps-4 text-sm text-slate-800"
              >
                {p.sections.map((s, i) => (
                  <li key={i} className="flex flex-wrap justify-between gap-x-3">
                    <span>
                      {t('analytics.sections.name', {
                        number: n(i + 1),
                        name: language === 'hi' ? s.nameHi : s.name,
                      })}
                    </span>
                    <span className="tabular-nums">
                      {t('analytics.of', { value: n(s.score), total: n(s.maxScore) })}
                      {s.cleared !== null &&
                        ` · ${t(s.cleared ? 'analytics.sections.cleared' : 'analytics.sections.notCleared')}`}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
