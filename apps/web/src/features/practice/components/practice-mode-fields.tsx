import type { PracticeMode } from '@quizcast/contract/schemas/practice';
import { useT } from '../../../i18n/use-t';
import { practiceCatalog } from '../messages/catalog';

/** Timed or untimed, instant feedback or not: applies to quiz practice and drills alike. */
export function PracticeModeFields({
  mode,
  onChange,
}: {
  mode: PracticeMode;
  onChange(mode: PracticeMode): void;
}) {
  const t = useT(practiceCatalog);
  const box = (key: keyof PracticeMode, label: string) => (
    <label className="flex min-h-11 items-center gap-3 text-base text-slate-900">
      <input
        type="checkbox"
        className="size-6 shrink-0 accent-brand-700"
        checked={mode[key]}
        onChange={(e) => onChange({ ...mode, [key]: e.target.checked })}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-semibold text-slate-700">{t('practice.mode')}</legend>
      {box('timed', t('practice.timed'))}
      {box('instantFeedback', t('practice.instantFeedback'))}
    </fieldset>
  );
}
