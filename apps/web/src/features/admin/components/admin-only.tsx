import { ShieldAlert } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';

/** What a participant sees on an admin URL: a clear explanation and a way back, not a broken screen. */
export function NotAllowed() {
  return (
    <section
      aria-labelledby="not-allowed-title"
      className="mx-auto max-w-lg rounded-2xl border border-amber-200 bg-amber-50 p-8 text-center"
    >
      <ShieldAlert className="mx-auto size-10 text-amber-700" aria-hidden="true" />
      <h1 id="not-allowed-title" className="mt-3 text-xl font-bold text-slate-900">
        Not allowed
      </h1>
      <p className="mt-2 text-sm text-slate-700">
        This page is only for quiz administrators. Your account can take quizzes but cannot manage them.
      </p>
      <ButtonLink to={WEB_ROUTES.quizzes} className="mt-6">
        Back to Quizzes
      </ButtonLink>
    </section>
  );
}

/** Route guard for the admin screens (inside the signed-in layout, which handles signed-out visitors). */
export function AdminOnly() {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <NotAllowed />;
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      <Outlet />
    </Suspense>
  );
}
