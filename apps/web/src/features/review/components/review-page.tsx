import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import { WEB_ROUTES, webPath } from '@quizcast/contract/routes';
import type { ReviewCard } from '@quizcast/contract/schemas/review';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { toast } from 'sonner';
import { storage } from '../../../lib/storage';
import {
  getReviewDeck,
  postReview,
  removeReviewCard,
  reviewStatsQueryOptions,
  useReviewStats,
} from '../api/review';
import { useReviewDueCount } from '../hooks/use-review-due-count';
import {
  dropFromDeck,
  enqueueReview,
  flushPending,
  loadDeck,
  loadPending,
  mergeDeck,
  type Deck,
  type SendResult,
} from '../lib/offline';
import { browserAudioStore, keepAudio, storedAudioUrls } from '../lib/offline-audio';
import { ForecastChart } from './forecast-chart';
import type { Grade } from '../lib/session';
import { ReviewSession } from './review-session';
import { formatNumber, formatPercent } from '../../../i18n/format';
import { useLanguage, useServerMessage, useT } from '../../../i18n/use-t';
import { INTL_LOCALES, type Language } from '@quizcast/contract/i18n/languages';
import { reviewCatalog } from '../messages/catalog';

const audioStore = browserAudioStore();
const audioUrlsOf = (deck: Deck | null) =>
  (deck?.cards ?? []).flatMap((c) => (c.audioUrl ? [c.audioUrl] : []));

type Mode =
  { kind: 'summary' } | { kind: 'session'; cards: ReviewCard[] } | { kind: 'finished'; done: number };

const formatWhen = (iso: string, language: Language) =>
  new Date(iso).toLocaleString(INTL_LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * /review: today's summary (due, done, streak, 30-day retention, 14-day forecast, leeches), the
 * "Nothing due" state, and the one-card-at-a-time session. Works offline from the device's copy of
 * the next 24 hours' cards; reviews wait on the device (with their count shown) until sent.
 */
export function ReviewPage() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(() => loadPending().length);
  const [mode, setMode] = useState<Mode>({ kind: 'summary' });
  const [audioMode, setAudioMode] = useState(() => storage.get(STORAGE_KEYS.audioMode) === '1');
  const stats = useReviewStats();
  const dueCount = useReviewDueCount();
  const t = useT(reviewCatalog);
  const localise = useServerMessage();
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);

  const send = useCallback(
    async (review: { cardId: string; body: Parameters<typeof postReview>[1] }): Promise<SendResult> => {
      try {
        await postReview(review.cardId, review.body);
        return 'sent';
      } catch (err) {
        if (
          isApiError(err) &&
          err.status >= 400 &&
          err.status < 500 &&
          ![401, 408, 429].includes(err.status)
        ) {
          return 'rejected';
        }
        return 'retry';
      }
    },
    [],
  );

  const sync = useCallback(async () => {
    if (!loadPending().length) return;
    const sent = await flushPending(send);
    setPending(loadPending().length);
    if (sent) {
      void queryClient.invalidateQueries({ queryKey: reviewStatsQueryOptions().queryKey });
      void dueCount.refetch();
    }
  }, [dueCount, queryClient, send]);

  const deckQuery = useQuery({
    queryKey: ['review', 'deck'],
    networkMode: 'always',
    queryFn: async ({
      signal,
    }): Promise<{ deck: Deck | null; offline: boolean; audio: Map<string, string> }> => {
      await sync();
      try {
        const fresh = await getReviewDeck(signal);
        const deck = mergeDeck({
          cards: fresh.cards,
          counts: fresh.counts,
          medianDurationMs: fresh.medianDurationMs,
          clockOffsetMs: Date.parse(fresh.serverTime) - Date.now(),
          savedAt: fresh.serverTime,
        });
        await keepAudio(audioUrlsOf(deck), audioStore);
        return { deck, offline: false, audio: await storedAudioUrls(audioUrlsOf(deck), audioStore) };
      } catch {
        const stored = loadDeck();
        return { deck: stored, offline: true, audio: await storedAudioUrls(audioUrlsOf(stored), audioStore) };
      }
    },
  });
  const deck = deckQuery.data?.deck ?? null;
  const offline = deckQuery.data?.offline ?? false;

  useEffect(() => {
    const online = () => void deckQuery.refetch();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [deckQuery]);

  const serverNow = useCallback(() => Date.now() + (deck?.clockOffsetMs ?? 0), [deck]);
  const dueCards = useMemo(
    () => (deck?.cards ?? []).filter((c) => Date.parse(c.due) <= serverNow()),
    [deck, serverNow],
  );
  const aheadCards = useMemo(
    () => (deck?.cards ?? []).filter((c) => Date.parse(c.due) > serverNow()),
    [deck, serverNow],
  );

  const onGrade = useCallback(
    (card: ReviewCard, rating: Grade, selectedOption: string | null, durationMs: number) => {
      enqueueReview({
        cardId: card.cardId,
        body: {
          reviewId: crypto.randomUUID(),
          rating,
          selectedOption,
          reviewedAt: new Date(Math.max(serverNow(), Date.parse(card.createdAt))).toISOString(),
          durationMs: Math.min(3_600_000, Math.round(durationMs)),
        },
      });
      setPending(loadPending().length);
      void sync();
    },
    [serverNow, sync],
  );

  const onRemove = useCallback(
    async (card: ReviewCard) => {
      try {
        await removeReviewCard(card.cardId);
        dropFromDeck(card.cardId);
        toast.success(t('review.removed'));
        return true;
      } catch (err) {
        toast.error(localise(errorMessage(err, t('review.removeFailed'))));
        return false;
      }
    },
    [t, localise],
  );

  const onFinish = useCallback(
    (done: number) => {
      setMode({ kind: 'finished', done });
      void deckQuery.refetch();
    },
    [deckQuery],
  );

  const toggleAudio = (on: boolean) => {
    setAudioMode(on);
    storage.set(STORAGE_KEYS.audioMode, on ? '1' : '0');
  };

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{t('review.title')}</h1>
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={audioMode}
          onChange={(e) => toggleAudio(e.target.checked)}
        />
        {t('review.audioMode')}
      </label>
    </div>
  );

  const status = (
    <div role="status" aria-live="polite" className="space-y-1 text-sm">
      {offline && <p className="font-medium text-amber-900">{t('review.offline')}</p>}
      {pending > 0 && <p className="font-medium text-slate-700">{t('review.pending', { count: pending })}</p>}
    </div>
  );

  if (mode.kind === 'session') {
    return (
      <section aria-label={t('review.sessionLabel')} className="mx-auto max-w-2xl space-y-4">
        {header}
        {status}
        <ReviewSession
          cards={mode.cards.map((c) => ({
            ...c,
            audioUrl: (c.audioUrl && deckQuery.data?.audio.get(c.audioUrl)) || c.audioUrl,
          }))}
          medianDurationMs={deck?.medianDurationMs ?? null}
          audioMode={audioMode}
          onGrade={onGrade}
          onRemove={onRemove}
          onFinish={onFinish}
        />
        <Button
          variant="secondary"
          onClick={() => {
            setMode({ kind: 'summary' });
            void deckQuery.refetch();
          }}
        >
          {t('review.endSession')}
        </Button>
      </section>
    );
  }

  if (deckQuery.isPending) {
    return (
      <div className="grid place-items-center py-16">
        <Spinner label={t('review.loading')} />
      </div>
    );
  }

  const s = stats.data;
  const nextDue = deck?.counts.nextDueAt ?? s?.counts.nextDueAt ?? null;
  return (
    <section aria-labelledby="review-heading" className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="review-heading" className="text-2xl font-bold text-slate-900">
          {t('review.title')}
        </h1>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={audioMode}
            onChange={(e) => toggleAudio(e.target.checked)}
          />
          {t('review.audioMode')}
        </label>
      </div>
      {status}
      {mode.kind === 'finished' && (
        <p className="rounded-xl bg-emerald-50 p-4 font-medium text-emerald-900" role="status">
          {t('review.complete', { count: mode.done })}
        </p>
      )}

      {dueCards.length > 0 ? (
        <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <p className="text-lg font-semibold text-slate-900">
            {t('review.due', { count: dueCards.length })}
          </p>
          <Button
            className="mt-4 w-full sm:w-auto"
            onClick={() => setMode({ kind: 'session', cards: dueCards })}
          >
            {t('review.start')}
          </Button>
        </div>
      ) : (
        <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold text-slate-900">{t('review.nothingDue')}</h2>
          <p className="mt-1 text-slate-700">
            {nextDue ? t('review.nextDue', { when: formatWhen(nextDue, language) }) : t('review.noCards')}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            {aheadCards.length > 0 && (
              <Button variant="secondary" onClick={() => setMode({ kind: 'session', cards: aheadCards })}>
                {t('review.practiseAhead')}
              </Button>
            )}
            <ButtonLink to={WEB_ROUTES.quizzes}>{t('review.reviewQuiz')}</ButtonLink>
          </div>
        </div>
      )}

      {s && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat label={t('review.stat.dueToday')} value={n(s.counts.dueToday)} />
            <Stat label={t('review.stat.doneToday')} value={n(s.doneToday)} />
            <Stat label={t('review.stat.streak')} value={t('review.stat.days', { count: s.streakDays })} />
            <Stat
              label={t('review.stat.retention')}
              value={
                s.retention30d === null ? '—' : formatPercent(Math.round(s.retention30d * 100), language)
              }
            />
          </dl>
          <ForecastChart forecast={s.forecast} />
          {s.leeches.length > 0 && (
            <section
              aria-labelledby="leeches-heading"
              className="rounded-2xl bg-white p-5 ring-1 ring-slate-200"
            >
              <h2 id="leeches-heading" className="text-lg font-semibold text-slate-900">
                {t('review.leeches.title')}
              </h2>
              <p className="mt-1 text-sm text-slate-700">{t('review.leeches.text')}</p>
              <ul className="mt-3 space-y-2">
                {s.leeches.map((l) => (
                  <li key={l.cardId}>
                    <Link
                      className="font-medium text-brand-800 underline"
                      to={webPath.quizSummaryQuestion(l.quizId, l.questionId)}
                    >
                      {l.qn}
                    </Link>{' '}
                    <span className="text-sm text-slate-600">({l.quizName})</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </section>
  );
}
