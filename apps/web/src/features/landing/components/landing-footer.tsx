import { Mail, MapPin, Phone } from 'lucide-react';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { Logo } from '../../../components/ui/logo';
import { formatYear } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { landingCatalog } from '../messages/catalog';
import { SocialIcons } from './social-icons';

const LEGAL = ['landing.footer.privacy', 'landing.footer.terms', 'landing.footer.cookies'] as const;

export function LandingFooter() {
  const t = useT(landingCatalog);
  const language = useLanguage();
  const year = formatYear(new Date(), language);
  return (
    <footer className="surface-dark bg-brand-950 text-brand-100" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        {t('landing.footer.heading')}
      </h2>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <Logo inverted />
          <p className="mt-4 max-w-sm text-sm text-brand-200">{t('landing.footer.tagline')}</p>
          <div className="mt-6">
            <SocialIcons />
          </div>
        </div>
        <nav aria-label={t('landing.footer.quickLinks')}>
          <h3 className="text-sm font-semibold tracking-wide text-white uppercase">
            {t('landing.footer.quickLinks')}
          </h3>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href="#top" className="hover:text-amber-300">
                {t('landing.footer.home')}
              </a>
            </li>
            <li>
              <a href={WEB_ROUTES.quizzes} className="hover:text-amber-300">
                {t('landing.footer.quizzes')}
              </a>
            </li>
            <li>
              <a href="#about" className="hover:text-amber-300">
                {t('landing.footer.about')}
              </a>
            </li>
          </ul>
        </nav>
        <address className="not-italic">
          <h3 className="text-sm font-semibold tracking-wide text-white uppercase">
            {t('landing.footer.contact')}
          </h3>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex items-start gap-2">
              <Mail className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
              <a href="mailto:hello@quizcast.example" className="hover:text-amber-300">
                hello@quizcast.example
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Phone className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
              <span>+91 00000 00000</span>
            </li>
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
              <span>{t('landing.footer.address')}</span>
            </li>
          </ul>
        </address>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-brand-200 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{t('landing.footer.rights', { year })}</p>
          <ul className="flex gap-5">
            {LEGAL.map((key) => (
              <li key={key}>
                <a href="#top" className="hover:text-amber-300">
                  {t(key)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
