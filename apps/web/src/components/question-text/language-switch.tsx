import { LANGUAGE_NAMES } from '@quizcast/contract/i18n/languages';
import type { TextLang } from '@quizcast/contract/schemas/question-text';
import { commonCatalog } from '../../i18n/messages/catalog';
import { useT } from '../../i18n/use-t';

const LANGS: TextLang[] = ['en', 'hi'];

/** English / हिन्दी for one bilingual question (issue 12): each name in its own language. */
export function QuestionLanguageSwitch({
  value,
  onChange,
  className = '',
}: {
  value: TextLang;
  onChange(lang: TextLang): void;
  className?: string;
}) {
  const t = useT(commonCatalog);
  return (
    <div role="group" aria-label={t('common.questionLanguage')} className={`flex gap-2 ${className}`}>
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={value === lang}
          onClick={() => onChange(lang)}
          className={`min-h-11 rounded-xl px-4 text-sm font-semibold ring-1 ${
            value === lang
              ? 'bg-brand-700 text-white ring-brand-700'
              : 'bg-white text-brand-900 ring-slate-300 hover:bg-slate-50'
          }`}
        >
          {LANGUAGE_NAMES[lang]}
        </button>
      ))}
    </div>
  );
}
