import { Flame } from 'lucide-react';
import { useT } from '../../../i18n/use-t';
import { useStreak } from '../api/streak';
import { streakCatalog } from '../messages/catalog';

/**
 * The learner's current and best streak (issue 28). Only ever the signed-in learner's own; nothing
 * is shown while it loads or if it fails (the page around it matters more).
 */
export function StreakCard() {
  const t = useT(streakCatalog);
  const { data } = useStreak();
  if (!data) return null;
  const hint = data.today
    ? t('streak.doneToday')
    : data.current > 0
      ? t('streak.keepGoing')
      : t('streak.start');
  return (
    <section
      aria-labelledby="streak-heading"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-4"
      data-testid="streak-card"
    >
      <h2 id="streak-heading" className="flex items-center gap-2 text-base font-bold text-slate-900">
        <Flame className="size-5 text-amber-700" aria-hidden="true" />
        {t('streak.heading')}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm text-slate-700">{t('streak.current')}</dt>
          <dd className="text-xl font-bold text-slate-900" data-testid="streak-current">
            {t('streak.days', { count: data.current })}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">{t('streak.best')}</dt>
          <dd className="text-xl font-bold text-slate-900" data-testid="streak-best">
            {t('streak.days', { count: data.best })}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-slate-800">{hint}</p>
      <p className="sr-only">{t('streak.private')}</p>
    </section>
  );
}
