import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../i18n/use-t';
import type { DraftSection } from '../lib/draft-sections';
import { authoringCatalog } from '../messages/catalog';
import { MarksField, MinutesField } from './form-fields';

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-xl text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** The id of a section's move or remove button, so focus can follow the section after a move. */
export const sectionButtonId = (key: string, what: 'up' | 'down' | 'remove') => `section-${key}-${what}`;

/**
 * One section's fields (issue 26): its names in English and Hindi, its time (locked quizzes only),
 * its own marking, its cut-off, and how many questions it holds. `frozen`: participants have
 * started, so only the names and the cut-off may change (ADR 022).
 */
export function SectionCard({
  section,
  index,
  total,
  timed,
  frozen,
  questionCount,
  problem,
  onChange,
  onMove,
  onRemove,
}: {
  section: DraftSection;
  index: number;
  total: number;
  timed: boolean;
  frozen: boolean;
  questionCount: number;
  problem?: string;
  onChange(patch: Partial<DraftSection>): void;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
}) {
  const t = useT(authoringCatalog);
  const number = index + 1;
  const problemId = `section-${section.key}-problem`;
  return (
    <fieldset
      className={`rounded-2xl border bg-white p-4 shadow-sm ${problem ? 'border-red-300' : 'border-slate-200'}`}
      aria-describedby={problem ? problemId : undefined}
    >
      <legend className="sr-only">{t('authoring.sections.legend', { number })}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-bold text-slate-900" aria-hidden="true">
          {t('authoring.sections.legend', { number })}
        </h3>
        <p className="text-sm text-slate-700">
          {section.target !== null
            ? t('authoring.sections.countOfTarget', { count: questionCount, target: section.target })
            : t('authoring.sections.count', { count: questionCount })}
        </p>
        {!frozen && (
          <div className="flex gap-1.5">
            <button
              id={sectionButtonId(section.key, 'up')}
              type="button"
              className={iconButton}
              onClick={() => onMove(-1)}
              disabled={index === 0}
              aria-label={t('authoring.sections.moveUp', { number })}
            >
              <ArrowUp className="size-4" aria-hidden="true" />
            </button>
            <button
              id={sectionButtonId(section.key, 'down')}
              type="button"
              className={iconButton}
              onClick={() => onMove(1)}
              disabled={index === total - 1}
              aria-label={t('authoring.sections.moveDown', { number })}
            >
              <ArrowDown className="size-4" aria-hidden="true" />
            </button>
            <button
              id={sectionButtonId(section.key, 'remove')}
              type="button"
              className={`${iconButton} text-red-700`}
              onClick={onRemove}
              aria-label={t('authoring.sections.remove', { number })}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </div>
        )}
      </div>
      {problem && (
        <p id={problemId} className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('authoring.sections.name')}
          value={section.name}
          maxLength={100}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <TextField
          label={t('authoring.sections.nameHi')}
          value={section.nameHi}
          lang="hi"
          maxLength={100}
          onChange={(e) => onChange({ nameHi: e.target.value })}
        />
        {timed && (
          <MinutesField
            label={t('authoring.sections.duration')}
            value={section.duration}
            onChange={(e) => onChange({ duration: e.target.value })}
            disabled={frozen}
          />
        )}
        <TextField
          label={t('authoring.sections.cutoff')}
          type="number"
          inputMode="decimal"
          step="0.01"
          value={section.cutoff}
          onChange={(e) => onChange({ cutoff: e.target.value })}
          hint={t('authoring.sections.cutoffHint')}
        />
        <MarksField
          label={t('authoring.sections.markCorrect')}
          value={section.markCorrect}
          onChange={(e) => onChange({ markCorrect: e.target.value })}
          hint={t('authoring.sections.marksHint')}
          disabled={frozen}
        />
        <MarksField
          label={t('authoring.sections.markWrong')}
          value={section.markWrong}
          onChange={(e) => onChange({ markWrong: e.target.value })}
          hint={t('authoring.sections.marksHint')}
          disabled={frozen}
        />
      </div>
    </fieldset>
  );
}
