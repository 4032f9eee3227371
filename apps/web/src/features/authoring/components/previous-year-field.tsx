import { PREVIOUS_YEAR_MAX, PREVIOUS_YEAR_MIN } from '@quizcast/contract/domain/practice';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../i18n/use-t';
import type { QuizDraft } from '../lib/quiz-draft';
import { authoringCatalog } from '../messages/catalog';

/**
 * The previous-year tag (issue 27): the year of the exam whose paper this quiz is, or empty. Learners
 * filter the Practice list by it. Kept to its own component (the editor's other parts change often).
 */
export function PreviousYearField({
  draft,
  error,
  onChange,
}: {
  draft: QuizDraft;
  error?: string;
  onChange(patch: Partial<QuizDraft>): void;
}) {
  const t = useT(authoringCatalog);
  return (
    <TextField
      label={t('authoring.editor.previousYear')}
      type="number"
      inputMode="numeric"
      min={PREVIOUS_YEAR_MIN}
      max={PREVIOUS_YEAR_MAX}
      step={1}
      value={draft.previousYear ?? ''}
      onChange={(e) => onChange({ previousYear: e.target.value })}
      error={error}
      hint={t('authoring.editor.previousYearHint', { min: PREVIOUS_YEAR_MIN, max: PREVIOUS_YEAR_MAX })}
    />
  );
}
