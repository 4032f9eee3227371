import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { Logo } from '../../../components/ui/logo';

export function LandingHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/70 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <a href="#top" aria-label="Quizcast home">
          <Logo />
        </a>
        <ButtonLink to={WEB_ROUTES.quizzes}>Start Practicing</ButtonLink>
      </div>
    </header>
  );
}
