import type { Translate } from '../../../i18n/use-t';
import { integrityOption, type IntegrityOption, type QuizDraft } from '../lib/quiz-draft';
import type { AuthoringKey } from '../messages/catalog';

const INTEGRITY_OPTIONS: {
  option: IntegrityOption;
  label: AuthoringKey;
  hint: AuthoringKey;
  frozen: boolean;
}[] = [
  {
    option: 'showScoreOnSubmit',
    label: 'authoring.editor.showScore',
    hint: 'authoring.editor.showScoreHint',
    frozen: false,
  },
  {
    option: 'shuffleQuestions',
    label: 'authoring.editor.shuffleQuestions',
    hint: 'authoring.editor.shuffleQuestionsHint',
    frozen: true,
  },
  {
    option: 'shuffleChoices',
    label: 'authoring.editor.shuffleChoices',
    hint: 'authoring.editor.shuffleChoicesHint',
    frozen: true,
  },
];

/** Score on submit and per-learner shuffling (ADR 014); shuffling is fixed once anyone has started. */
export function IntegrityOptions({
  draft,
  locked,
  onChange,
  t,
}: {
  draft: QuizDraft;
  locked: boolean;
  onChange(patch: Partial<QuizDraft>): void;
  t: Translate<AuthoringKey>;
}) {
  return (
    <fieldset className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      <legend className="text-sm font-bold text-slate-900">{t('authoring.editor.fairPlay')}</legend>
      {INTEGRITY_OPTIONS.map(({ option, label, hint, frozen }) => {
        const hintId = `${option}-hint`;
        return (
          <div key={option}>
            <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                checked={integrityOption(draft, option)}
                onChange={(e) => onChange({ [option]: e.target.checked })}
                disabled={frozen && locked}
                aria-describedby={hintId}
                className="size-5 accent-brand-700"
              />
              {t(label)}
            </label>
            <p id={hintId} className="ml-8 text-xs text-slate-600">
              {t(hint)}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}
