import {
  CalendarCheck,
  CalendarClock,
  CheckCircle2,
  Clock,
  Crown,
  Percent,
  Star,
  Trophy,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { accuracyPercent, rankTier, type RankTier } from '@quizcast/contract/domain/rank';
import { timeTakenMinutes } from '@quizcast/contract/domain/time-format';
import type { QuizSummary } from '@quizcast/contract/schemas/result';
import { formatDateTime } from './format';
import { formatDecimal, formatNumber, formatPercent } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { resultsCatalog } from '../messages/catalog';

const TIER_STYLES: Record<RankTier, { card: string; label: string; icon: string }> = {
  gold: {
    card: 'border-amber-400 bg-gradient-to-br from-amber-200 via-yellow-100 to-amber-300 text-amber-950',
    label: 'text-amber-900',
    icon: 'bg-amber-400 text-amber-950',
  },
  amber: {
    card: 'border-amber-300 bg-amber-50 text-amber-950',
    label: 'text-amber-800',
    icon: 'bg-amber-200 text-amber-900',
  },
  purple: {
    card: 'border-purple-300 bg-purple-50 text-purple-950',
    label: 'text-purple-800',
    icon: 'bg-purple-200 text-purple-900',
  },
  blue: {
    card: 'border-blue-300 bg-blue-50 text-blue-950',
    label: 'text-blue-800',
    icon: 'bg-blue-200 text-blue-900',
  },
};

function RankCard({ rank, total }: { rank: number; total: number }) {
  const t = useT(resultsCatalog);
  const tier = rankTier(rank);
  const style = TIER_STYLES[tier];
  const Icon = tier === 'gold' ? Crown : tier === 'blue' ? Star : Trophy;
  return (
    <section
      aria-label={t('results.rank')}
      data-tier={tier}
      className={`flex items-center gap-4 rounded-2xl border-2 p-5 shadow-sm sm:col-span-2 ${style.card}`}
    >
      <span className={`grid size-14 shrink-0 place-items-center rounded-2xl ${style.icon}`}>
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <div>
        <p className={`text-sm font-semibold ${style.label}`}>{t('results.yourRank')}</p>
        <p className="text-4xl font-extrabold tabular-nums">{t('results.rankValue', { rank })}</p>
        <p className={`text-sm ${style.label}`}>{t('results.outOf', { total })}</p>
      </div>
    </section>
  );
}

function StatCard({
  title,
  icon,
  children,
  note,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  note?: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-600">
        {icon}
        {title}
      </h3>
      <p className="mt-2 text-2xl font-bold text-slate-900 tabular-nums">{children}</p>
      {note && <p className="mt-1 text-sm text-slate-600">{note}</p>}
    </section>
  );
}

const iconClass = 'size-4 text-brand-700';

/** Summary tab: rank card, Score, Correct Answers, Time Taken, Started At, Submitted At, percentile. */
export function SummaryStats({ summary }: { summary: QuizSummary }) {
  const { quizDetails, quizzSummary, rank, totalParticipants, percentile } = summary;
  const total = quizDetails.questions.length;
  const correct = quizzSummary.answers.filter((a) => a.isCorrect).length;
  const minutes = timeTakenMinutes(quizzSummary.startedAt, quizzSummary.submittedAt);
  const t = useT(resultsCatalog);
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <RankCard rank={rank} total={totalParticipants} />
      <StatCard
        title={t('results.score')}
        icon={<Trophy className={iconClass} aria-hidden="true" />}
        note={t('results.scoreOutOf', { total: n(total) })}
      >
        {n(quizzSummary.score)}
      </StatCard>
      <StatCard
        title={t('results.correctAnswers')}
        icon={<CheckCircle2 className={iconClass} aria-hidden="true" />}
        note={t('results.accuracy', { percent: formatPercent(accuracyPercent(correct, total), language) })}
      >
        {n(correct)}/{n(total)}
      </StatCard>
      <StatCard
        title={t('results.timeTakenTitle')}
        icon={<Clock className={iconClass} aria-hidden="true" />}
        note={
          quizzSummary.withCompensatoryTime
            ? t('results.ofMinutesCompensatory', {
                minutes: formatDecimal(quizzSummary.allowedMinutes, language),
              })
            : t('results.ofMinutes', { minutes: n(quizDetails.duration) })
        }
      >
        {t('results.minutes', { minutes: formatDecimal(minutes, language) })}
      </StatCard>
      <StatCard
        title={t('results.percentile')}
        icon={<Percent className={iconClass} aria-hidden="true" />}
        note={t('results.percentileNote')}
      >
        {n(percentile)}
      </StatCard>
      <StatCard
        title={t('results.startedAt')}
        icon={<CalendarClock className={iconClass} aria-hidden="true" />}
      >
        <span className="text-lg">{formatDateTime(quizzSummary.startedAt, language)}</span>
      </StatCard>
      <StatCard
        title={t('results.submittedAt')}
        icon={<CalendarCheck className={iconClass} aria-hidden="true" />}
      >
        <span className="text-lg">
          {quizzSummary.submittedAt
            ? formatDateTime(quizzSummary.submittedAt, language)
            : t('results.notSubmitted')}
        </span>
      </StatCard>
    </div>
  );
}
