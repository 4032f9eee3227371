import { ArrowRight, Headphones, Rocket } from 'lucide-react';
import { EXAM_FAMILIES } from '@quizcast/contract/constants';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { InstallAppButton } from '../../../components/pwa/install-app-button';
import { AnchorButton } from '../../../components/ui/anchor-button';
import { examLabel } from '../../../i18n/exam-family';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { richText, useT } from '../../../i18n/use-t';
import { landingCatalog } from '../messages/catalog';

const SAMPLE_ARTICLES = [14, 17, 21, 32];

export function Hero() {
  const t = useT(landingCatalog);
  const tc = useT(commonCatalog);
  return (
    <section
      id="top"
      aria-labelledby="hero-heading"
      className="surface-dark relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 pt-28 pb-20 text-white sm:pt-36 sm:pb-28"
    >
      <div
        className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-amber-400/20 blur-3xl"
        aria-hidden="true"
      />
      <div
        className="pointer-events-none absolute -bottom-32 -left-20 size-96 rounded-full bg-fuchsia-500/20 blur-3xl"
        aria-hidden="true"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium ring-1 ring-white/20">
            <Rocket className="size-4 text-amber-300" aria-hidden="true" />
            {t('landing.hero.badge')}
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl lg:text-6xl"
          >
            {richText(t('landing.hero.headline'), { 0: <span className="text-amber-300" /> })}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-brand-100">{t('landing.hero.text')}</p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            {/* Full width on phones, so "How it works" always starts the next row and "Install app"
                appears beside it without moving anything (Lighthouse saw CLS 0.031 when it wrapped). */}
            <AnchorButton href={WEB_ROUTES.quizzes} variant="accent" size="lg" className="max-sm:w-full">
              {t('landing.startPracticing')} <ArrowRight className="size-4" aria-hidden="true" />
            </AnchorButton>
            <a
              href="#about"
              className="inline-flex min-h-11 items-center rounded-xl px-4 text-sm font-semibold text-brand-100 underline-offset-4 hover:underline"
            >
              {t('landing.hero.howItWorks')}
            </a>
            <InstallAppButton />
          </div>
          <ul className="mt-10 flex flex-wrap gap-2" aria-label={t('landing.hero.examsCovered')}>
            {EXAM_FAMILIES.map((exam) => (
              <li
                key={exam}
                className="rounded-lg bg-white/10 px-3 py-1 text-sm font-semibold ring-1 ring-white/15"
              >
                {examLabel(exam, tc)}
              </li>
            ))}
          </ul>
        </div>
        <div className="hidden lg:block" aria-hidden="true">
          <div className="rotate-2 rounded-3xl bg-white p-6 text-slate-900 shadow-2xl">
            <div className="flex items-center justify-between text-sm">
              <span className="font-semibold text-brand-800">{t('landing.hero.sample.title')}</span>
              <span className="rounded-lg bg-amber-100 px-2 py-1 font-mono font-semibold text-amber-800">
                08:42
              </span>
            </div>
            <p className="mt-5 text-lg font-semibold">{t('landing.hero.sample.question')}</p>
            <ul className="mt-4 space-y-2 text-sm">
              {SAMPLE_ARTICLES.map((number, i) => (
                <li
                  key={number}
                  className={`rounded-xl border px-4 py-3 ${i === 1 ? 'border-brand-600 bg-brand-50 font-semibold text-brand-900' : 'border-slate-200'}`}
                >
                  {t('landing.hero.sample.choice', { number })}
                </li>
              ))}
            </ul>
            <div className="mt-5 flex items-center gap-2 rounded-xl bg-brand-900 px-4 py-3 text-sm text-white">
              <Headphones className="size-4 text-amber-300" />
              {t('landing.hero.sample.listening')}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
