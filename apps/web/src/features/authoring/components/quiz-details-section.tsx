import { EDUCATION_LEVELS } from '@quizcast/contract/constants';
import { QUIZ_EXAMS } from '@quizcast/contract/schemas/quiz-input';
import { TextField } from '../../../components/ui/text-field';
import { educationLevelLabel } from '../../../i18n/education-level';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useT } from '../../../i18n/use-t';
import { draftDuration } from '../lib/draft-sections';
import type { QuizDraft } from '../lib/quiz-draft';
import { authoringCatalog } from '../messages/catalog';
import { MarksField, MinutesField, SelectField, TextAreaField } from './form-fields';
import { IntegrityOptions } from './integrity-options';
import { PreviousYearField } from './previous-year-field';

const EXAM_OPTIONS = QUIZ_EXAMS.map((e) => ({ value: e, label: e }));

/** The quiz's own fields: name, description, exam, class, duration, price, marking, instructions, fair play. */
export function QuizDetailsSection({
  draft,
  locked,
  field,
  onChange: change,
}: {
  draft: QuizDraft;
  /** Participants have started: duration, marking and shuffling are fixed. */
  locked: boolean;
  /** The problems found in one field, as one sentence. */
  field(name: string): string | undefined;
  onChange(patch: Partial<QuizDraft>): void;
}) {
  const t = useT(authoringCatalog);
  const tCommon = useT(commonCatalog);
  const classOptions = EDUCATION_LEVELS.map((c) => ({ value: c, label: educationLevelLabel(c, tCommon) }));
  // A locked quiz with sections lasts as long as its sections together (ADR 022).
  const sectionsTimed = draft.navigation === 'locked' && draft.sections.length > 0;
  return (
    <section
      aria-labelledby="details-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="details-heading" className="text-lg font-bold text-slate-900">
        {t('authoring.editor.details')}
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <TextField
          className="sm:col-span-2"
          label={t('authoring.editor.name')}
          value={draft.name}
          onChange={(e) => change({ name: e.target.value })}
          error={field('name')}
          maxLength={200}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={t('authoring.editor.description')}
          rows={2}
          value={draft.desc}
          onChange={(e) => change({ desc: e.target.value })}
          error={field('desc')}
        />
        <SelectField
          label={t('authoring.editor.exam')}
          value={draft.exam}
          onChange={(e) => change({ exam: e.target.value })}
          options={EXAM_OPTIONS}
          error={field('exam')}
        />
        <SelectField
          label={t('authoring.editor.class')}
          value={draft.class}
          onChange={(e) => change({ class: e.target.value })}
          options={classOptions}
          error={field('class')}
        />
        <MinutesField
          label={t('authoring.editor.duration')}
          value={sectionsTimed ? String(draftDuration(draft) ?? '') : draft.duration}
          onChange={(e) => change({ duration: e.target.value })}
          error={field('duration')}
          hint={
            sectionsTimed
              ? t('authoring.sections.lockedDuration', { minutes: draftDuration(draft) ?? 0 })
              : undefined
          }
          disabled={locked || sectionsTimed}
        />
        <TextField
          label={t('authoring.editor.price')}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={draft.price}
          onChange={(e) => change({ price: e.target.value })}
          error={field('price')}
          hint={t('authoring.editor.priceHint')}
        />
        <MarksField
          label={t('authoring.editor.markCorrect')}
          value={draft.markCorrect}
          onChange={(e) => change({ markCorrect: e.target.value })}
          error={field('markingScheme')}
          disabled={locked}
        />
        <MarksField
          label={t('authoring.editor.markWrong')}
          value={draft.markWrong}
          onChange={(e) => change({ markWrong: e.target.value })}
          disabled={locked}
        />
        <PreviousYearField draft={draft} error={field('previousYear')} onChange={change} />
        <TextAreaField
          className="sm:col-span-2"
          label={t('authoring.editor.instructions')}
          rows={3}
          value={draft.instructions}
          onChange={(e) => change({ instructions: e.target.value })}
          error={field('instructions')}
        />
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800 sm:col-span-2">
          <input
            type="checkbox"
            checked={draft.published}
            onChange={(e) => change({ published: e.target.checked })}
            className="size-5 accent-brand-700"
          />
          {t('authoring.editor.published')}
        </label>
      </div>
      <IntegrityOptions draft={draft} locked={locked} onChange={change} t={t} />
    </section>
  );
}
