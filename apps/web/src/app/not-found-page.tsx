import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ButtonLink } from '../components/ui/button-link';

export function NotFoundPage() {
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4">
      <div className="text-center">
        <p className="text-5xl font-extrabold text-brand-700">404</p>
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Page not found</h1>
        <p className="mt-2 text-slate-600">The page you were looking for does not exist.</p>
        <ButtonLink to={WEB_ROUTES.root} className="mt-6">
          Go home
        </ButtonLink>
      </div>
    </main>
  );
}
