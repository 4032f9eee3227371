import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, Crown, Lightbulb, ListChecks, Timer } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { GST_PERCENT } from '@quizcast/contract/constants';
import { formatRupees } from '@quizcast/contract/domain/price';
import { startTimeLabel } from '@quizcast/contract/domain/time-format';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import type { QuizIntro } from '@quizcast/contract/schemas/quiz';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { quizListBaseKey } from '../api/quiz-list';
import { quizIntroQueryOptions, useQuizIntro } from '../api/quiz-intro';
import { useNow } from '../hooks/use-now';
import type { QuizIntroLinkState } from './quiz-list-row';
import { formatNumber, formatStartTime } from '../../../i18n/format';
import { educationLevelLabel } from '../../../i18n/education-level';
import { examLabel } from '../../../i18n/exam-family';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useLanguage, useT, type Translate } from '../../../i18n/use-t';
import { quizIntroCatalog } from '../intro/messages/catalog';

type QuizIntroKey = NonNullable<(typeof quizIntroCatalog)['keys']>;

/** What the Payments feature needs to unlock a quiz (passed in from the router, no feature imports). */
export interface UnlockableQuiz {
  _id: string;
  name: string;
  /** Rupees. */
  price: number;
  /** Rupees including GST. */
  priceWithGst: number;
}

export type RenderUnlock = (quiz: UnlockableQuiz, onUnlocked: () => void) => ReactNode;

/** State the attempt page receives: the quiz id travels through navigation state (spec section 2). */
export interface QuizAttendState {
  quizId: string;
}

const rupeesLabel = (rupees: number) => formatRupees(Math.round(rupees * 100));

/** Until payments exist: the unlock button as the spec words it, disabled, with a note. */
function PaymentsUnavailable({ quiz }: { quiz: UnlockableQuiz }) {
  const t = useT(quizIntroCatalog);
  return (
    <div className="space-y-2">
      <Button variant="accent" disabled className="w-full sm:w-auto">
        {t('quizIntro.unlockFor', { price: rupeesLabel(quiz.price) })}
        <span className="text-sm font-medium">{t('quizIntro.plusGst', { percent: GST_PERCENT })}</span>
      </Button>
      <p className="text-sm text-slate-600">{t('quizIntro.paymentsUnavailable')}</p>
    </div>
  );
}

function BackToQuizzes() {
  const t = useT(quizIntroCatalog);
  return (
    <Link
      to={WEB_ROUTES.quizzes}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-semibold text-brand-800 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('quizIntro.back')}
    </Link>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-center">
      <h1 className="text-lg font-bold text-amber-950">{title}</h1>
      <div className="mt-2 text-sm text-amber-900">{children}</div>
    </section>
  );
}

function instructionsFor(quiz: QuizIntro, t: Translate<QuizIntroKey>): string[] {
  const { correct, wrong } = quiz.markingScheme;
  const marking =
    wrong > 0
      ? t('quizIntro.markingWithPenalty', { correct, wrong })
      : t('quizIntro.markingNoPenalty', { correct });
  const ownMentionsMarking = quiz.instructions.some((line) => /mark|point/i.test(line));
  return [
    ...quiz.instructions,
    t('quizIntro.timing', { count: quiz.questionCount, minutes: quiz.duration }),
    ...(ownMentionsMarking ? [] : [marking]),
    t('quizIntro.once'),
    t('quizIntro.saved'),
  ];
}

const PRO_TIPS = [
  'quizIntro.tip.listen',
  'quizIntro.tip.palette',
  'quizIntro.tip.timer',
  'quizIntro.tip.connection',
] as const satisfies readonly QuizIntroKey[];

/**
 * Quiz intro (spec sections 2 and 8): name, description, "Premium Quiz" tag, instructions, pro tips;
 * "Start Quiz Now" when unlocked, otherwise the unlock action (rendered by Payments via `renderUnlock`).
 */
export function QuizIntroPage({ renderUnlock }: { renderUnlock?: RenderUnlock }) {
  const { quizId = '' } = useParams();
  const location = useLocation();
  const linkState = (location.state ?? null) as QuizIntroLinkState | null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuizIntro(quizId);
  const now = useNow();
  const status = isApiError(query.error) ? query.error.status : undefined;
  const t = useT(quizIntroCatalog);
  const tc = useT(commonCatalog);
  const language = useLanguage();
  const when = (iso: string) => formatStartTime(iso, now, language, startTimeLabel(iso, now));

  useEffect(() => {
    if (!query.error) return;
    if (status === 409) toast.warning(t('quizIntro.alreadyAttended'));
    else if (status !== 406) toast.error(t('quizIntro.fetchFailed'));
    // The toast is for the failure, not for a later change of language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.error, query.errorUpdatedAt, status]);

  const onUnlocked = () => {
    void queryClient.invalidateQueries({ queryKey: quizIntroQueryOptions(quizId).queryKey });
    void queryClient.invalidateQueries({ queryKey: quizListBaseKey });
  };

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('quizIntro.loading')} />
      </div>
    );
  }

  if (query.isError) {
    return (
      <div className="space-y-4">
        <BackToQuizzes />
        {status === 409 ? (
          <Notice title={t('quizIntro.alreadyAttended')}>{t('quizIntro.alreadyAttendedText')}</Notice>
        ) : status === 406 ? (
          <Notice title={t('quizIntro.notOpen')}>
            {linkState && new Date(linkState.startTimeStamp).getTime() > now.getTime()
              ? t('quizIntro.opens', { when: when(linkState.startTimeStamp) })
              : linkState
                ? t('quizIntro.closed', { when: when(linkState.endTimeStamp) })
                : t('quizIntro.onlyWhileOpen')}
          </Notice>
        ) : (
          <ErrorState
            title={t('quizIntro.errorTitle')}
            message={t('quizIntro.errorText')}
            onRetry={() => void query.refetch()}
          />
        )}
      </div>
    );
  }

  const quiz = query.data;
  const premium = quiz.price > 0;
  const start = () =>
    navigate(WEB_ROUTES.quizAttend, { state: { quizId: quiz._id } satisfies QuizAttendState });

  return (
    <div className="space-y-4">
      <BackToQuizzes />
      <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
        <header className="surface-dark space-y-3 bg-gradient-to-br from-brand-800 to-brand-950 p-6 text-white">
          {premium ? (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-400 px-3 py-1 text-sm font-bold text-brand-950">
              <Crown className="size-3.5" aria-hidden="true" />
              {t('quizIntro.premiumQuiz')}
            </span>
          ) : (
            <span className="inline-flex rounded-full bg-white/15 px-3 py-1 text-sm font-bold">
              {t('quizIntro.freeQuiz')}
            </span>
          )}
          <h1 className="text-2xl font-bold break-words">{quiz.name}</h1>
          {quiz.desc && <p className="text-brand-100">{quiz.desc}</p>}
          <dl className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-brand-100">
            <div className="flex items-center gap-1.5">
              <Timer className="size-4" aria-hidden="true" />
              <dt className="sr-only">{t('quizIntro.duration')}</dt>
              <dd>{t('quizIntro.minutes', { minutes: formatNumber(quiz.duration, language) })}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <ListChecks className="size-4" aria-hidden="true" />
              <dt className="sr-only">{t('quizIntro.questions')}</dt>
              <dd>{t('quizIntro.questionCount', { count: quiz.questionCount })}</dd>
            </div>
            <div>
              <dt className="sr-only">{t('quizIntro.exam')}</dt>
              <dd>{examLabel(quiz.exam, tc)}</dd>
            </div>
            <div>
              <dt className="sr-only">{t('quizIntro.class')}</dt>
              <dd>{educationLevelLabel(quiz.class, tc)}</dd>
            </div>
          </dl>
          {quiz.extraMinutes > 0 && (
            <p className="rounded-xl bg-white/15 px-3 py-2 text-base font-bold">
              {t('quizIntro.extraTime', {
                count: quiz.extraMinutes,
                total: formatNumber(quiz.duration + quiz.extraMinutes, language),
              })}
            </p>
          )}
        </header>

        <div className="grid gap-6 p-6 md:grid-cols-2">
          <section aria-labelledby="instructions-heading">
            <h2 id="instructions-heading" className="text-lg font-bold text-slate-900">
              {t('quizIntro.instructions')}
            </h2>
            <ul className="mt-3 space-y-2">
              {instructionsFor(quiz, t).map((line) => (
                <li key={line} className="flex gap-2 text-sm text-slate-700">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                  <span>{line}</span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="tips-heading" className="rounded-xl bg-amber-50 p-4">
            <h2 id="tips-heading" className="flex items-center gap-2 text-lg font-bold text-amber-950">
              <Lightbulb className="size-5" aria-hidden="true" />
              {t('quizIntro.proTips')}
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-amber-950">
              {PRO_TIPS.map((tip) => (
                <li key={tip}>{t(tip)}</li>
              ))}
            </ul>
          </section>
        </div>

        <footer className="space-y-3 border-t border-slate-100 p-6">
          {quiz.attemptStatus === 'in_progress' && (
            <p className="rounded-xl bg-blue-50 p-3 text-sm text-blue-900">{t('quizIntro.inProgress')}</p>
          )}
          {quiz.isPaid ? (
            <Button onClick={start} className="w-full text-base sm:w-auto">
              {t('quizIntro.startNow')}
            </Button>
          ) : (
            (renderUnlock?.(
              { _id: quiz._id, name: quiz.name, price: quiz.price, priceWithGst: quiz.priceWithGst },
              onUnlocked,
            ) ?? <PaymentsUnavailable quiz={quiz} />)
          )}
        </footer>
      </article>
    </div>
  );
}
