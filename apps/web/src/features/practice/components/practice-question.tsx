import { useId, useState } from 'react';
import type { AttemptQuestion } from '@quizcast/contract/schemas/quiz';
import { shownText } from '@quizcast/contract/domain/question-text';
import { RichText } from '../../../components/question-text/rich-text';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useLanguage, useT } from '../../../i18n/use-t';
import { practiceCatalog } from '../messages/catalog';

/** One practice question: its text and choices (or a number box), in the learner's language. */
export function PracticeQuestion({
  question,
  index,
  total,
  selected,
  locked,
  onAnswer,
}: {
  question: AttemptQuestion;
  index: number;
  total: number;
  selected: string | null;
  locked: boolean;
  onAnswer(option: string): void;
}) {
  const t = useT(practiceCatalog);
  const language = useLanguage();
  const shown = shownText(question, language === 'hi' ? 'hi' : 'en');
  const headingId = useId();
  const [number, setNumber] = useState(selected ?? '');
  return (
    <fieldset aria-labelledby={headingId} className="space-y-3">
      <p className="text-sm font-medium text-slate-600">
        {t('practice.run.question', { n: index + 1, total })}
      </p>
      <legend className="sr-only">{t('practice.run.answer')}</legend>
      <h2
        id={headingId}
        className="whitespace-pre-line text-lg font-semibold text-slate-900"
        lang={shown.lang}
      >
        <RichText text={shown.qn} math={shown.math?.qn} />
      </h2>
      {question.type === 'numeric' ? (
        <div className="flex items-end gap-2">
          <TextField
            label={t('practice.run.answer')}
            inputMode="decimal"
            value={number}
            disabled={locked}
            onChange={(e) => setNumber(e.target.value)}
          />
          <Button disabled={locked || !number.trim()} onClick={() => onAnswer(number.trim())}>
            {t('practice.run.check')}
          </Button>
        </div>
      ) : (
        <div className="space-y-2">
          {question.choices.map((choice, i) => (
            <label
              key={choice}
              className="flex min-h-11 items-center gap-3 rounded-xl bg-white px-4 py-2 ring-1 ring-slate-300 has-[:checked]:bg-brand-100 has-[:checked]:ring-brand-700"
              lang={shown.lang}
            >
              <input
                type="radio"
                name={`practice-${question._id}`}
                className="size-5 accent-brand-700"
                checked={selected === choice}
                // A formula's MathML gives axe no name: the spoken form names the choice.
                aria-label={shown.math?.choices[i]?.speech}
                disabled={locked}
                onChange={() => onAnswer(choice)}
              />
              <RichText text={shown.choices[i] ?? choice} math={shown.math?.choices[i]} />
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
