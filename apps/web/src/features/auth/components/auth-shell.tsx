import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { Logo } from '../../../components/ui/logo';
import { ScreenNotice } from '../../../components/ui/screen-notice';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { useT } from '../../../i18n/use-t';
import { authCatalog } from '../messages/catalog';

/** The frame of the login and register pages: logo, a heading and a card, mobile first. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const t = useT(authCatalog);
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-8">
      <div className="mx-auto w-full max-w-md">
        <div className="flex items-center justify-between gap-2">
          <Link to={WEB_ROUTES.root} aria-label={t('auth.home')} className="inline-block">
            <Logo />
          </Link>
          <LanguageSwitch />
        </div>
        <main className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <ScreenNotice />
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
          <div className="mt-6">{children}</div>
        </main>
      </div>
    </div>
  );
}
