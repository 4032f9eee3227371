import { forwardRef, lazy, Suspense, useId, type ReactNode } from 'react';
import type { AttemptQuestion as Question } from '@quizcast/contract/schemas/quiz';
import { shownText, type TextLang } from '@quizcast/contract/domain/question-text';
import { LANGUAGE_NAMES } from '@quizcast/contract/i18n/languages';
import { Badge } from '../../../components/ui/badge';
import { RichText } from '../../../components/question-text/rich-text';
import { formatNumber } from '../../../i18n/format';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useLanguage, useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';
import { paletteLabel } from './palette-labels';

// Loaded only when a numeric question shows (the attempt screen's size budget); precached for offline.
const NumericAnswerInput = lazy(() =>
  import('./numeric-answer-input').then((m) => ({ default: m.NumericAnswerInput })),
);

/**
 * One question with its choices as large radio options; line breaks in the text are kept. A bilingual
 * question has an English / हिन्दी switch; the chosen answer is always the question's own choice text.
 */
export const AttemptQuestion = forwardRef<
  HTMLHeadingElement,
  {
    question: Question;
    index: number;
    total: number;
    selected?: string;
    /** Marked for Review (shown beside the Answered / Not Answered label). */
    markedForReview?: boolean;
    disabled?: boolean;
    onChoose(option: string): void;
    /** A numeric question's emptied answer box (issue 12). */
    onClear?(): void;
    /** What is being read aloud now: highlighted. */
    readingPart?: 'question' | number | null;
    /** The Listen control. */
    listen?: ReactNode;
    /** The language to show a bilingual question in, and its switch. */
    shownLang?: TextLang;
    onLangChange?(lang: TextLang): void;
  }
>(function AttemptQuestion(
  {
    question,
    index,
    total,
    selected,
    markedForReview = false,
    disabled,
    onChoose,
    onClear,
    readingPart = null,
    listen,
    shownLang = 'en',
    onLangChange,
  },
  headingRef,
) {
  const t = useT(attemptCatalog);
  const tc = useT(commonCatalog);
  const language = useLanguage();
  const groupName = useId();
  const textId = useId();
  const answered = selected !== undefined;
  const shown = shownText(question, shownLang);
  return (
    <section aria-labelledby={textId} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 ref={headingRef} tabIndex={-1} className="text-sm font-semibold text-slate-600">
          {t('attempt.question.position', {
            number: formatNumber(index + 1, language),
            total: formatNumber(total, language),
          })}
        </h2>
        <span className="flex flex-wrap justify-end gap-1.5">
          {markedForReview && <Badge tone="violet">{paletteLabel(t, 'marked')}</Badge>}
          <Badge tone={answered ? 'green' : 'slate'}>
            {paletteLabel(t, answered ? 'answered' : 'not_answered')}
          </Badge>
        </span>
      </div>
      {question.hi && onLangChange && (
        // The same switch as components/question-text/language-switch, written here so the attempt
        // screen's bundle shares its class names with the audio-mode button (ADR 013 budget).
        <div role="group" aria-label={tc('common.questionLanguage')} className="mt-3 flex gap-2">
          {(['en', 'hi'] as const).map((lang) => (
            <button
              key={lang}
              type="button"
              lang={lang}
              aria-pressed={shown.lang === lang}
              onClick={() => onLangChange(lang)}
              className={`inline-flex min-h-11 items-center gap-2 rounded-xl px-4 text-sm font-semibold ring-1 ${
                shown.lang === lang
                  ? 'bg-brand-700 text-white ring-brand-700 hover:bg-brand-800'
                  : 'bg-white text-brand-900 ring-slate-300 hover:bg-slate-50'
              }`}
            >
              {LANGUAGE_NAMES[lang]}
            </button>
          ))}
        </div>
      )}
      {listen && <div className="mt-3">{listen}</div>}
      <p
        id={textId}
        lang={shown.lang}
        data-reading={readingPart === 'question' || undefined}
        className={`mt-3 rounded-lg text-lg leading-relaxed font-medium whitespace-pre-line text-slate-900 ${
          readingPart === 'question' ? 'bg-amber-100' : ''
        }`}
      >
        <RichText text={shown.qn} math={shown.math?.qn} />
      </p>
      {question.type === 'numeric' ? (
        <Suspense fallback={<div className="mt-5 min-h-24" />}>
          <NumericAnswerInput
            key={question._id}
            selected={selected}
            disabled={disabled}
            onAnswer={onChoose}
            onClear={() => onClear?.()}
          />
        </Suspense>
      ) : (
        <fieldset className="mt-5" disabled={disabled}>
          <legend className="sr-only">{t('attempt.question.choices')}</legend>
          <div className="space-y-3">
            {question.choices.map((choice, i) => {
              const checked = selected === choice;
              const beingRead = readingPart === i;
              return (
                <label
                  key={`${i}-${choice}`}
                  lang={shown.lang}
                  data-reading={beingRead || undefined}
                  className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 text-base transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                    checked
                      ? 'border-brand-600 bg-brand-50 text-brand-950'
                      : 'border-slate-200 bg-white text-slate-800 hover:border-brand-300'
                  } ${beingRead ? 'ring-4 ring-amber-300' : ''}`}
                >
                  <input
                    type="radio"
                    name={groupName}
                    value={choice}
                    checked={checked}
                    onChange={() => onChoose(choice)}
                    className="size-5 shrink-0 accent-brand-700"
                  />
                  <span className="font-semibold text-slate-600" aria-hidden="true">
                    {String.fromCharCode(65 + i)}.
                  </span>
                  <span className="whitespace-pre-line">
                    <RichText text={shown.choices[i] ?? choice} math={shown.math?.choices[i]} />
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </section>
  );
});
