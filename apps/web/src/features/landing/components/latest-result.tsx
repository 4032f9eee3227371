import { Award, Clock, Medal, Trophy, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { PODIUM_SIZE } from '@quizcast/contract/constants';
import { podiumPercent } from '@quizcast/contract/domain/rank';
import { formatElapsed } from '@quizcast/contract/domain/duration-format';
import type { LatestResultEntry } from '@quizcast/contract/schemas/result';
import { Spinner } from '../../../components/ui/spinner';
import { formatNumber, formatPercent } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { educationLevelLabel } from '../../../i18n/education-level';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useLatestResult } from '../api/latest-result';
import { landingCatalog } from '../messages/catalog';
import { avatarSrc } from '../../../components/ui/avatar';

interface Place {
  label: 'landing.latest.gold' | 'landing.latest.silver' | 'landing.latest.bronze';
  icon: LucideIcon;
  /** Card, icon badge and percentage colours. */
  card: string;
  badge: string;
  accent: string;
  /** Podium step height on wide screens (the winner stands tallest). */
  step: string;
  /** Visual order on wide screens: silver, gold, bronze. */
  order: string;
}

const PLACES: Place[] = [
  {
    label: 'landing.latest.gold',
    icon: Trophy,
    card: 'border-amber-300 bg-gradient-to-b from-amber-50 to-white shadow-amber-200/60',
    badge: 'bg-amber-400 text-amber-950',
    accent: 'text-amber-700',
    step: 'sm:pb-14',
    order: 'sm:order-2',
  },
  {
    label: 'landing.latest.silver',
    icon: Medal,
    card: 'border-slate-300 bg-gradient-to-b from-slate-100 to-white shadow-slate-200/60',
    badge: 'bg-slate-300 text-slate-900',
    accent: 'text-slate-700',
    step: 'sm:pb-8',
    order: 'sm:order-1',
  },
  {
    label: 'landing.latest.bronze',
    icon: Award,
    card: 'border-orange-300 bg-gradient-to-b from-orange-50 to-white shadow-orange-200/60',
    badge: 'bg-orange-300 text-orange-950',
    accent: 'text-orange-800',
    step: 'sm:pb-4',
    order: 'sm:order-3',
  },
];

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('') || '?'
  );
}

function PodiumCard({
  entry,
  place,
  maxScore,
}: {
  entry: LatestResultEntry;
  place: Place;
  maxScore: number;
}) {
  const t = useT(landingCatalog);
  const language = useLanguage();
  const Icon = place.icon;
  // Each card shows its own score's percentage (the original repeated the winner's on every card).
  const percent = podiumPercent(entry.score, maxScore);
  return (
    <li className={`flex flex-col ${place.order} ${place.step}`}>
      <article
        className={`flex flex-1 flex-col items-center rounded-3xl border-2 p-5 text-center shadow-lg ${place.card}`}
      >
        <span
          className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold ${place.badge}`}
        >
          <Icon className="size-4" aria-hidden="true" />
          {t(place.label)}
        </span>
        <span className="mt-4 grid size-20 place-items-center overflow-hidden rounded-full bg-brand-100 text-2xl font-bold text-brand-800 ring-4 ring-white">
          {entry.userId.profilePicUrl ? (
            <img
              src={avatarSrc(entry.userId.profilePicUrl, 192)}
              alt=""
              width={80}
              height={80}
              className="size-full object-cover"
            />
          ) : (
            <span aria-hidden="true">{initials(entry.userId.name)}</span>
          )}
        </span>
        <h3 className="mt-3 text-lg font-bold text-slate-900">{entry.userId.name}</h3>
        <p className={`mt-1 text-3xl font-extrabold ${place.accent}`}>
          <span data-testid="podium-percent">{formatPercent(percent, language)}</span>
        </p>
        <dl className="mt-3 grid w-full grid-cols-2 gap-2 text-sm">
          <div className="rounded-xl bg-white/80 px-2 py-2 ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{t('landing.latest.score')}</dt>
            <dd className="font-semibold text-slate-900">
              {formatNumber(entry.score, language)}/{formatNumber(maxScore, language)}
            </dd>
          </div>
          <div className="rounded-xl bg-white/80 px-2 py-2 ring-1 ring-slate-200">
            <dt className="flex items-center justify-center gap-1 text-sm text-slate-600">
              <Clock className="size-3" aria-hidden="true" /> {t('landing.latest.time')}
            </dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{formatElapsed(entry.elapsedTime)}</dd>
          </div>
        </dl>
      </article>
    </li>
  );
}

/**
 * Landing page "Latest Result" (spec sections 2 and 9): a loading indicator while fetching; nothing
 * at all when there are no results, no quiz or the fetch failed (which is only logged); otherwise the
 * quiz's name and class and the podium of its top 3.
 */
export function LatestResult() {
  const { data, isPending, isError, error } = useLatestResult();
  const t = useT(landingCatalog);
  const tCommon = useT(commonCatalog);

  useEffect(() => {
    if (isError) console.warn('Fetch participants failed', error);
  }, [isError, error]);

  if (isPending) {
    // A screen tall while loading: the podium arrives after the prerendered page has painted, and
    // what follows it (About) must not be on screen to be pushed down (Lighthouse saw CLS 0.37).
    return (
      <div className="flex min-h-dvh items-start justify-center bg-slate-50 py-12">
        <Spinner label={t('landing.latest.loading')} />
      </div>
    );
  }
  if (isError || !data.quiz || data.results.length === 0) return null;

  const { quiz } = data;
  const podium = data.results.slice(0, PODIUM_SIZE);
  return (
    <section aria-labelledby="latest-result-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {t('landing.latest.eyebrow')}
          </p>
          <h2 id="latest-result-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
            {quiz.name}
          </h2>
          <p className="mt-2 inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900">
            {educationLevelLabel(quiz.class, tCommon)}
          </p>
        </div>
        <ol
          className="mt-10 grid items-end gap-5 sm:grid-cols-3"
          aria-label={t('landing.latest.podium', { count: podium.length })}
        >
          {podium.map((entry, i) => (
            <PodiumCard key={entry._id} entry={entry} place={PLACES[i]!} maxScore={quiz.maxScore} />
          ))}
        </ol>
      </div>
    </section>
  );
}
