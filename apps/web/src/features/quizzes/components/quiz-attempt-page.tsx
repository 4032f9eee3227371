import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { toast } from 'sonner';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { QUIZ_MESSAGES } from '@quizcast/contract/messages/quiz';
import type { QuizAttempt } from '@quizcast/contract/schemas/quiz';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { attemptQueryKey, fetchQuizAttempt } from '../api/quiz-attempt';
import { attemptCatalog } from '../attempt/messages/catalog';
import { clearDeviceCopy, readSnapshot } from '../hooks/attempt-device-copy';
import { AttemptRunner } from './attempt-runner';
import type { QuizAttendState } from './quiz-intro-page';

export type { QuizSubmittedState } from '../hooks/use-submit-attempt';

/** Attempt page: the quiz id arrives through navigation state; without it, back to the list. */
export function QuizAttemptPage() {
  const location = useLocation();
  const { user } = useAuth();
  const quizId = (location.state as QuizAttendState | null)?.quizId;
  if (!quizId || !user) return <Navigate to={WEB_ROUTES.quizzes} replace />;
  return <AttemptLoader key={quizId} quizId={quizId} userId={user._id} />;
}

interface Loaded {
  attempt: QuizAttempt;
  clockOffsetMs: number;
  /** Reopened from the device copy because the server could not be reached. */
  fromDevice: boolean;
}

function AttemptLoader({ quizId, userId }: { quizId: string; userId: string }) {
  const t = useT(attemptCatalog);
  const serverMessage = useServerMessage();
  const query = useQuery({
    queryKey: attemptQueryKey(quizId),
    queryFn: async ({ signal }): Promise<Loaded> => {
      try {
        return { ...(await fetchQuizAttempt(quizId, signal)), fromDevice: false };
      } catch (err) {
        // No connection: reopen the attempt kept on this device (same deadline; answers from its state).
        const snapshot = isApiError(err) && err.status === 0 ? readSnapshot(userId, quizId) : null;
        if (snapshot)
          return { attempt: snapshot.attempt, clockOffsetMs: snapshot.clockOffsetMs, fromDevice: true };
        throw err;
      }
    },
    // Offline, run anyway: the device copy opens the attempt (the default would pause on "Loading quiz").
    networkMode: 'always',
    staleTime: Infinity,
    gcTime: 0,
    // The server answered (402/404/406/409/429): asking again at once will not change that.
    retry: (failures, err) => failures < 1 && !(isApiError(err) && err.status >= 400 && err.status < 500),
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
  const status = isApiError(query.error) ? query.error.status : undefined;
  useDocumentTitle(
    query.data ? t('attempt.title', { name: query.data.attempt.name }) : t('attempt.titleLoading'),
  );

  useEffect(() => {
    if (!query.error) return;
    if (status === 409) {
      clearDeviceCopy(userId, quizId);
      toast.error(serverMessage(QUIZ_MESSAGES.alreadySubmitted));
    } else if (status !== 402 && status !== 406) {
      toast.error(t('attempt.fetchFailed'));
    }
    // Once per failure, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.error, query.errorUpdatedAt, status, userId, quizId]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('attempt.loading')} />
      </div>
    );
  }
  if (query.isError) {
    const back = (
      <Link
        to={WEB_ROUTES.quizzes}
        className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-800"
      >
        {t('attempt.back')}
      </Link>
    );
    if (status === 409 || status === 402 || status === 406) {
      const text =
        status === 409
          ? t('attempt.alreadySubmittedText')
          : status === 402
            ? t('attempt.locked')
            : t('attempt.notOpen');
      return (
        <section role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-center">
          <h1 className="text-lg font-bold text-amber-950">
            {status === 409 ? serverMessage(QUIZ_MESSAGES.alreadySubmitted) : t('attempt.cannotStart')}
          </h1>
          <p className="mt-2 text-sm text-amber-900">{text}</p>
          {back}
        </section>
      );
    }
    return (
      <ErrorState
        title={t('attempt.fetchFailed')}
        message={status === 429 ? t('attempt.tooManyRequests') : t('attempt.checkConnection')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { attempt, clockOffsetMs, fromDevice } = query.data;
  return (
    <AttemptRunner
      userId={userId}
      attempt={attempt}
      clockOffsetMs={clockOffsetMs}
      serverAnswers={fromDevice ? null : attempt.savedAnswers}
      fromDevice={fromDevice}
    />
  );
}
