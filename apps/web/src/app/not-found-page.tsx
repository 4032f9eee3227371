import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ButtonLink } from '../components/ui/button-link';
import { LanguageSwitch } from '../i18n/language-switch';
import { useT } from '../i18n/use-t';
import { appCatalog } from './messages/catalog';

export function NotFoundPage() {
  const t = useT(appCatalog);
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4">
      <div className="text-center">
        <p className="text-5xl font-extrabold text-brand-700">404</p>
        <h1 className="mt-3 text-2xl font-bold text-slate-900">{t('app.notFound.title')}</h1>
        <p className="mt-2 text-slate-600">{t('app.notFound.text')}</p>
        <ButtonLink to={WEB_ROUTES.root} className="mt-6">
          {t('app.notFound.home')}
        </ButtonLink>
        <LanguageSwitch className="mt-4" />
      </div>
    </main>
  );
}
