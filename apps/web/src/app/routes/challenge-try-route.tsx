import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ButtonLink } from '../../components/ui/button-link';
import { Spinner } from '../../components/ui/spinner';
import { getChallengeCard } from '../../features/challenges/api/challenges';
import { challengesCatalog } from '../../features/challenges/messages/catalog';
import { practiceAttemptQueryOptions, useStartPractice } from '../../features/practice/api/practice';
import { errorMessage } from '../../lib/api-client';
import { useServerMessage, useT } from '../../i18n/use-t';

/**
 * "Try this quiz" of a challenge link (issue 28), after sign-in: starts a practice of the link's quiz
 * (the Practice feature, untimed with feedback) and opens it; a quiz that cannot be practised (a paid
 * one not unlocked) says why and offers the practice list.
 */
export function Component() {
  const { code = '' } = useParams();
  const t = useT(challengesCatalog);
  const localise = useServerMessage();
  const start = useStartPractice();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const begun = useRef(false);

  useEffect(() => {
    if (begun.current) return;
    begun.current = true;
    void getChallengeCard(code)
      .then((card) =>
        start.mutateAsync({ quizId: card.quizId, mode: { timed: false, instantFeedback: true } }),
      )
      .then((attempt) => {
        client.setQueryData(practiceAttemptQueryOptions(attempt._id).queryKey, attempt);
        void navigate(`${WEB_ROUTES.practiceAttempt}/${attempt._id}`, { replace: true });
      })
      .catch((err: unknown) => setProblem(localise(errorMessage(err, t('challenges.try.failed')))));
  }, [client, code, localise, navigate, start, t]);

  return (
    <section className="space-y-4" aria-live="polite">
      {problem ? (
        <>
          <h1 className="text-xl font-bold text-slate-900">{problem}</h1>
          <ButtonLink to={WEB_ROUTES.practice}>{t('challenges.try.toPractice')}</ButtonLink>
        </>
      ) : (
        <>
          <h1 className="sr-only">{t('challenges.try.starting')}</h1>
          <Spinner />
        </>
      )}
    </section>
  );
}
