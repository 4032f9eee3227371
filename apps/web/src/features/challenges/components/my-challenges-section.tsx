import { toast } from 'sonner';
import { webPath } from '@quizcast/contract/routes';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { useMyChallenges, useWithdrawChallenge } from '../api/challenges';
import { challengesCatalog } from '../messages/catalog';

/** Profile section (issue 28): my shared results' links, each withdrawable (then it answers 404). */
export function MyChallengesSection() {
  const t = useT(challengesCatalog);
  const localise = useServerMessage();
  const links = useMyChallenges();
  const withdraw = useWithdrawChallenge();
  return (
    <section
      aria-labelledby="challenges-heading"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="challenges-heading" className="text-lg font-bold text-slate-900">
        {t('challenges.mine.heading')}
      </h2>
      <p className="text-slate-700">{t('challenges.mine.intro')}</p>
      {links.data && links.data.links.length === 0 && (
        <p className="text-slate-800">{t('challenges.mine.empty')}</p>
      )}
      {links.data && links.data.links.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {links.data.links.map((link) => (
            <li key={link.code} className="flex flex-wrap items-center gap-3 py-2">
              <Link
                to={webPath.challenge(link.code)}
                className="min-h-11 flex-1 content-center font-medium text-brand-700 underline"
                aria-label={t('challenges.mine.open', { quiz: link.quizName })}
              >
                {link.quizName}
              </Link>
              <Button
                variant="secondary"
                loading={withdraw.isPending && withdraw.variables === link.code}
                aria-label={t('challenges.mine.withdrawLabel', { quiz: link.quizName })}
                onClick={() =>
                  withdraw.mutate(link.code, {
                    onSuccess: () => toast.success(t('challenges.mine.withdrawn')),
                    onError: (err) =>
                      toast.error(localise(errorMessage(err, t('challenges.mine.withdrawFailed')))),
                  })
                }
              >
                {t('challenges.mine.withdraw')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
