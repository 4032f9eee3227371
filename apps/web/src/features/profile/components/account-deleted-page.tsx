import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { Logo } from '../../../components/ui/logo';
import { useT } from '../../../i18n/use-t';
import { useAuth } from '../../../lib/auth';
import { profileCatalog } from '../messages/catalog';

/** After "Delete account": the learner is signed out on this device and told plainly what happened. */
export function AccountDeletedPage() {
  const t = useT(profileCatalog);
  const { removeUser } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => {
    removeUser();
    queryClient.clear();
  }, [removeUser, queryClient]);
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-4 py-10">
      <Logo />
      <h1 className="text-2xl font-bold text-slate-900">{t('profile.deleted.title')}</h1>
      <p className="text-base text-slate-700">{t('profile.deleted.message')}</p>
      <ButtonLink to={WEB_ROUTES.root}>{t('profile.deleted.home')}</ButtonLink>
    </main>
  );
}
