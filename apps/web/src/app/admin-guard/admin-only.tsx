import { ShieldAlert } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ButtonLink } from '../../components/ui/button-link';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n/use-t';
import { useAuth } from '../../lib/auth';
import { adminGuardCatalog } from './messages/catalog';

/** What a participant sees on an admin URL: a clear explanation and a way back, not a broken screen. */
export function NotAllowed() {
  const t = useT(adminGuardCatalog);
  return (
    <section
      aria-labelledby="not-allowed-title"
      className="mx-auto max-w-lg rounded-2xl border border-amber-200 bg-amber-50 p-8 text-center"
    >
      <ShieldAlert className="mx-auto size-10 text-amber-700" aria-hidden="true" />
      <h1 id="not-allowed-title" className="mt-3 text-xl font-bold text-slate-900">
        {t('adminGuard.notAllowed.title')}
      </h1>
      <p className="mt-2 text-sm text-slate-700">{t('adminGuard.notAllowed.message')}</p>
      <ButtonLink to={WEB_ROUTES.quizzes} className="mt-6">
        {t('adminGuard.notAllowed.back')}
      </ButtonLink>
    </section>
  );
}

/** Route guard for the admin screens (inside the signed-in layout, which handles signed-out visitors). */
export function AdminOnly() {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <NotAllowed />;
  return <AdminOutlet />;
}

function AdminOutlet() {
  const t = useT(adminGuardCatalog);
  return (
    <Suspense fallback={<Spinner label={t('adminGuard.loading')} />}>
      <Outlet />
    </Suspense>
  );
}
