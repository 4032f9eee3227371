import { Fragment, useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@quizcast/contract/i18n/languages';
import { LANGUAGE_PARAM, setLanguage } from './i18n';
import { commonCatalog } from './messages/catalog';
import { useLanguage, useT } from './use-t';

/** Switch the app's language (and wait for its words); a failed download says so in the current language. */
export function useChooseLanguage() {
  const language = useLanguage();
  const t = useT(commonCatalog);
  const [pending, setPending] = useState<Language | null>(null);
  const choose = async (next: Language) => {
    if (next === language || pending) return;
    setPending(next);
    try {
      await setLanguage(next);
    } catch (err) {
      console.warn('Could not switch the language', err);
      // sonner loads on first use (the landing page's first download stays small).
      const message = t('common.languageChangeFailed');
      void import('sonner').then(({ toast }) => toast.error(message));
    } finally {
      setPending(null);
    }
  };
  return { language, pending, choose };
}

/** This page with `?lang=<option>` (its other parameters kept, e.g. the login's redirect). */
function languageHref(option: Language): string {
  const params = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  params.set(LANGUAGE_PARAM, option);
  return `?${params}`;
}

/**
 * "English / हिन्दी" (issue 18): each name written in its own language, so a learner finds theirs
 * whatever is on screen. The pressed one is the language on screen.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useT(commonCatalog);
  const { language, pending, choose } = useChooseLanguage();
  return (
    <div
      role="group"
      aria-label={t('common.language')}
      className={`inline-flex items-center text-sm ${className}`}
    >
      {LANGUAGES.map((option, index) => (
        <Fragment key={option}>
          {index > 0 && (
            <span aria-hidden="true" className="px-0.5 text-slate-600">
              /
            </span>
          )}
          {/* A link the code upgrades: tapped before the page's code has arrived (the landing page
              paints first), it reloads the page in that language (`?lang=hi`, read by
              startLanguage) instead of being lost (issue 30, defect 4). */}
          <a
            href={languageHref(option)}
            role="button"
            lang={option}
            aria-pressed={language === option}
            aria-busy={pending === option || undefined}
            onClick={(event) => {
              event.preventDefault();
              void choose(option);
            }}
            onKeyDown={(event) => {
              // A button takes Space as well as Enter (a link only Enter).
              if (event.key !== ' ') return;
              event.preventDefault();
              void choose(option);
            }}
            className="inline-flex min-h-11 items-center rounded-lg px-1.5 font-semibold sm:px-2 text-slate-700 hover:bg-slate-100 active:bg-slate-200 aria-pressed:bg-brand-100 aria-pressed:text-brand-900"
          >
            {LANGUAGE_NAMES[option]}
          </a>
        </Fragment>
      ))}
    </div>
  );
}
