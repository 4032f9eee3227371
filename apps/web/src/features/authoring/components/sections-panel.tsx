import { Lock, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { SECTIONS_MAX } from '@quizcast/contract/schemas/quiz-input';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n/use-t';
import {
  addSection,
  applyPattern,
  draftDuration,
  moveSection,
  removeSection,
  sectionCounts,
  type DraftSection,
  type NavigationRule,
} from '../lib/draft-sections';
import type { QuizDraft } from '../lib/quiz-draft';
import { authoringCatalog } from '../messages/catalog';
import { PatternPicker } from './pattern-picker';
import { SectionCard, sectionButtonId } from './section-card';

const NAVIGATION: { rule: NavigationRule; label: 'authoring.sections.free' | 'authoring.sections.locked' }[] =
  [
    { rule: 'free', label: 'authoring.sections.free' },
    { rule: 'locked', label: 'authoring.sections.locked' },
  ];

/**
 * The editor's sections (issue 26, ADR 022): an exam pattern to start from, the navigation rule,
 * and each section's fields. `frozen` once participants have started: only names and cut-offs
 * change then (the server refuses anything else), and the panel says so.
 */
export function SectionsPanel({
  draft,
  frozen,
  update,
  fieldProblem,
  sectionProblem,
}: {
  draft: QuizDraft;
  frozen: boolean;
  update(change: (draft: QuizDraft) => QuizDraft): void;
  fieldProblem(name: string): string | undefined;
  sectionProblem(index: number): string | undefined;
}) {
  const t = useT(authoringCatalog);
  const [notice, setNotice] = useState('');
  const addRef = useRef<HTMLButtonElement>(null);
  const counts = sectionCounts(draft);
  const locked = draft.navigation === 'locked';
  const minutes = draftDuration(draft);

  const changeSection = (index: number, patch: Partial<DraftSection>) =>
    update((d) => ({ ...d, sections: d.sections.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));

  const move = (index: number, delta: -1 | 1) => {
    const key = draft.sections[index]!.key;
    const to = index + delta;
    update((d) => moveSection(d, index, delta));
    setNotice(t('authoring.sections.moved', { number: to + 1 }));
    // Focus follows the section; at an end, its other move button (the one pressed is disabled there).
    const atEnd = to === 0 || to === draft.sections.length - 1;
    const which = delta < 0 === !atEnd ? 'up' : 'down';
    requestAnimationFrame(() => document.getElementById(sectionButtonId(key, which))?.focus());
  };

  const remove = (index: number) => {
    update((d) => removeSection(d, index));
    setNotice(t('authoring.sections.removed', { number: index + 1 }));
    requestAnimationFrame(() => addRef.current?.focus());
  };

  return (
    <section
      aria-labelledby="sections-heading"
      className="mt-4 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="sections-heading" className="text-lg font-bold text-slate-900">
        {t('authoring.sections.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('authoring.sections.intro')}</p>
      <p role="status" className="sr-only">
        {notice}
      </p>

      {frozen ? (
        <div className="mt-3 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{t('authoring.sections.frozen')}</p>
        </div>
      ) : (
        <PatternPicker
          questionCount={draft.questions.length}
          hasSections={draft.sections.length > 0}
          onApply={(pattern) => update((d) => applyPattern(d, pattern))}
        />
      )}

      <fieldset className="mt-4" disabled={frozen}>
        <legend className="text-sm font-medium text-slate-800">{t('authoring.sections.navigation')}</legend>
        <div className="mt-2 space-y-2">
          {NAVIGATION.map(({ rule, label }) => (
            <label
              key={rule}
              className="flex min-h-11 items-start gap-3 rounded-xl p-2 text-sm text-slate-800 ring-1 ring-slate-200 has-[:checked]:ring-brand-700"
            >
              <input
                type="radio"
                name="navigation"
                value={rule}
                checked={draft.navigation === rule}
                onChange={() => update((d) => ({ ...d, navigation: rule }))}
                disabled={frozen}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              {t(label)}
            </label>
          ))}
        </div>
        {fieldProblem('navigation') && (
          <p className="mt-2 text-sm text-red-700">{fieldProblem('navigation')}</p>
        )}
      </fieldset>

      {locked && draft.sections.length === 0 && (
        <p className="mt-3 text-sm text-amber-900">{t('authoring.sections.lockedNeedsSections')}</p>
      )}
      {locked && draft.sections.length > 0 && minutes !== undefined && Number.isFinite(minutes) && (
        <p className="mt-3 text-sm text-slate-700">{t('authoring.sections.lockedDuration', { minutes })}</p>
      )}
      {fieldProblem('sections') && <p className="mt-2 text-sm text-red-700">{fieldProblem('sections')}</p>}

      {draft.sections.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('authoring.sections.none')}</p>
      ) : (
        <div className="mt-3 space-y-3">
          {draft.sections.map((s, i) => (
            <SectionCard
              key={s.key}
              section={s}
              index={i}
              total={draft.sections.length}
              timed={locked}
              frozen={frozen}
              questionCount={counts[i] ?? 0}
              problem={sectionProblem(i)}
              onChange={(patch) => changeSection(i, patch)}
              onMove={(delta) => move(i, delta)}
              onRemove={() => remove(i)}
            />
          ))}
        </div>
      )}

      {!frozen && draft.sections.length < SECTIONS_MAX && (
        <Button ref={addRef} variant="secondary" className="mt-3 w-full" onClick={() => update(addSection)}>
          <Plus className="size-4" aria-hidden="true" />
          {t('authoring.sections.add')}
        </Button>
      )}
    </section>
  );
}
