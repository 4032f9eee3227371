import { useParams } from 'react-router';
import { webPath } from '@quizcast/contract/routes';
import type { ChallengeCard } from '@quizcast/contract/schemas/challenge';
import { ButtonLink } from '../../../components/ui/button-link';
import { ErrorState } from '../../../components/ui/error-state';
import { Logo } from '../../../components/ui/logo';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { useT } from '../../../i18n/use-t';
import { useChallengeCard } from '../api/challenges';
import { challengesCatalog } from '../messages/catalog';

/**
 * `/c/<code>` (issue 28): a shared result, public. The server already put the card and the Open Graph
 * tags in this page for link previews; here the app shows the card with "Try this quiz", which leads to
 * practice of the same quiz after sign-in.
 */
export function ChallengePage() {
  const { code = '' } = useParams();
  const t = useT(challengesCatalog);
  const card = useChallengeCard(code);
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="flex items-center justify-between gap-3 bg-white px-4 py-3 shadow-sm">
        <Logo />
        <LanguageSwitch />
      </header>
      <main className="mx-auto max-w-2xl space-y-4 px-4 py-6">
        {card.isPending ? (
          <Spinner />
        ) : card.isError ? (
          isApiError(card.error) && card.error.status === 404 ? (
            <h1 className="text-xl font-bold text-slate-900">{t('challenges.page.notFound')}</h1>
          ) : (
            <ErrorState
              title={t('challenges.page.loadFailed')}
              message={errorMessage(card.error, t('challenges.page.loadFailed'))}
              onRetry={() => void card.refetch()}
            />
          )
        ) : (
          <CardView card={card.data} />
        )}
      </main>
    </div>
  );
}

function CardView({ card }: { card: ChallengeCard }) {
  const t = useT(challengesCatalog);
  const words = {
    learner: card.learner,
    quiz: card.quizName,
    score: String(card.score),
    max: String(card.maxScore),
    rank: card.rank,
    total: card.totalParticipants,
  };
  return (
    <article className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('challenges.page.title', words)}</h1>
      <img
        src={card.imageUrl}
        width={1200}
        height={630}
        alt={t('challenges.page.cardAlt', words)}
        className="h-auto w-full rounded-2xl shadow-sm ring-1 ring-slate-200"
      />
      <ul className="space-y-1 text-slate-800">
        <li>{t('challenges.page.rank', { rank: card.rank, total: card.totalParticipants })}</li>
        <li>{t('challenges.page.percentile', { value: String(card.percentile) })}</li>
      </ul>
      {card.topics.length > 0 && (
        <section aria-labelledby="challenge-topics" className="space-y-1">
          <h2 id="challenge-topics" className="font-semibold text-slate-900">
            {t('challenges.page.topics')}
          </h2>
          <ul className="space-y-1 text-slate-800">
            {card.topics.map((topic) => (
              <li key={topic.topic}>
                {t('challenges.page.topic', {
                  topic: topic.topic,
                  correct: topic.correct,
                  total: topic.total,
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="space-y-2">
        <ButtonLink to={webPath.challengeTry(card.code)} variant="accent">
          {t('challenges.page.try')}
        </ButtonLink>
        <p className="text-sm text-slate-700">{t('challenges.page.tryHint')}</p>
      </div>
    </article>
  );
}
