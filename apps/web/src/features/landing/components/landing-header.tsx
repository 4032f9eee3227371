import { WEB_ROUTES } from '@quizcast/contract/routes';
import { AnchorButton } from '../../../components/ui/anchor-button';
import { Logo } from '../../../components/ui/logo';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { useT } from '../../../i18n/use-t';
import { landingCatalog } from '../messages/catalog';

export function LandingHeader() {
  const t = useT(landingCatalog);
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/70 bg-white/90 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <a href="#top" aria-label={t('landing.home')} className="shrink-0">
          {/* On the narrowest phones the icon stands alone, so the language switch and the button fit. */}
          <Logo wordmarkClassName="max-[25rem]:hidden" />
        </a>
        <div className="flex items-center gap-1 sm:gap-3">
          <LanguageSwitch />
          <AnchorButton href={WEB_ROUTES.quizzes} className="whitespace-nowrap max-sm:px-3">
            {t('landing.startPracticing')}
          </AnchorButton>
        </div>
      </div>
    </header>
  );
}
