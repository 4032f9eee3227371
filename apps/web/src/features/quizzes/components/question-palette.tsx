import { Check, ChevronDown, Flag, X } from 'lucide-react';
import { memo, useId, useState, type ReactNode } from 'react';
import {
  PALETTE_STATES,
  paletteCounts,
  paletteState,
  type PaletteState,
} from '@quizcast/contract/domain/answer-merge';
import { formatNumber } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';
import type { Entry } from '../hooks/attempt-device-copy';
import { paletteLabel } from './palette-labels';

/**
 * Each state has a colour **and** a shape and a mark (never colour alone), as on the NTA / TCS iON
 * screens: a grey square, a red notched tile with ×, a green tile with ✓, a purple circle with a flag,
 * and a purple circle with a green ✓.
 */
const LOOK: Record<PaletteState, { tile: string; mark: ReactNode }> = {
  not_visited: { tile: 'rounded-md bg-slate-100 text-slate-800 ring-1 ring-slate-300', mark: null },
  not_answered: {
    tile: 'rounded-t-xl rounded-b-sm bg-red-700 text-white',
    mark: (
      <X
        className="absolute -top-1 -right-1 size-4 rounded-full bg-white p-0.5 text-red-700"
        aria-hidden="true"
      />
    ),
  },
  answered: {
    tile: 'rounded-b-xl rounded-t-sm bg-emerald-700 text-white',
    mark: (
      <Check
        className="absolute -top-1 -right-1 size-4 rounded-full bg-white p-0.5 text-emerald-700"
        aria-hidden="true"
      />
    ),
  },
  marked: {
    tile: 'rounded-full bg-violet-700 text-white',
    mark: (
      <Flag
        className="absolute -top-1 -right-1 size-4 rounded-full bg-white p-0.5 text-violet-700"
        aria-hidden="true"
      />
    ),
  },
  answered_marked: {
    tile: 'rounded-full bg-violet-700 text-white',
    mark: (
      <Check
        className="absolute -right-1 -bottom-1 size-4 rounded-full bg-emerald-600 p-0.5 text-white"
        aria-hidden="true"
      />
    ),
  },
};

function Tile({ state, children }: { state: PaletteState; children?: ReactNode }) {
  return (
    <span
      data-state={state}
      className={`relative grid size-11 place-items-center text-sm font-semibold ${LOOK[state].tile}`}
    >
      {children}
      {LOOK[state].mark}
    </span>
  );
}

/** The count of each state, with the same shapes as the palette. */
export function PaletteLegend({ counts }: { counts: Record<PaletteState, number> }) {
  const t = useT(attemptCatalog);
  const language = useLanguage();
  return (
    <ul
      aria-label={t('attempt.palette.states')}
      className="grid grid-cols-1 gap-2 text-sm text-slate-800 sm:grid-cols-2 lg:grid-cols-1"
    >
      {PALETTE_STATES.map((state) => (
        <li key={state} className="flex items-center gap-2">
          <span className="scale-75">
            <Tile state={state} />
          </span>
          <span>
            {t('attempt.palette.legendItem', {
              count: formatNumber(counts[state], language),
              state: paletteLabel(t, state),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Jump to any question; each shows its exam-hall state. A drawer that opens on phones (100 questions
 * stay readable at 360 px), always open as a side panel on wide screens.
 */
/** A section's part of the palette (issue 26): its questions `[start, end)`; unreachable in a locked quiz. */
export interface PaletteGroup {
  label: string;
  start: number;
  end: number;
  reachable: boolean;
}

export const QuestionPalette = memo(function QuestionPalette({
  questionIds,
  entries,
  currentIndex,
  onJump,
  groups,
}: {
  questionIds: string[];
  entries: Readonly<Record<string, Entry>>;
  currentIndex: number;
  onJump(index: number): void;
  /** A sectioned quiz: the palette per section. */
  groups?: readonly PaletteGroup[];
}) {
  const t = useT(attemptCatalog);
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const counts = paletteCounts(questionIds, entries);
  const progress = {
    answered: formatNumber(counts.answered + counts.answered_marked, language),
    total: formatNumber(questionIds.length, language),
  };
  return (
    <nav aria-label={t('attempt.palette.label')} className="rounded-2xl border border-slate-200 bg-white p-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex min-h-11 w-full items-center justify-between gap-2 rounded-xl text-left text-sm font-semibold text-slate-900 lg:hidden"
      >
        <span>{t('attempt.palette.toggle', progress)}</span>
        <ChevronDown
          className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      <p className="mb-3 hidden text-sm text-slate-600 lg:block">{t('attempt.palette.answered', progress)}</p>
      <div id={panelId} className={`${open ? 'mt-3 block' : 'hidden'} space-y-4 lg:mt-0 lg:block`}>
        {(groups ?? [{ label: '', start: 0, end: questionIds.length, reachable: true }]).map((group) => {
          const list = (
            <ol className="grid max-h-[50vh] grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-2 overflow-y-auto p-1 lg:max-h-none">
              {questionIds.slice(group.start, group.end).map((id, offset) => {
                const index = group.start + offset;
                const state = paletteState(entries[id]);
                const current = index === currentIndex;
                return (
                  <li key={id}>
                    <button
                      type="button"
                      disabled={!group.reachable}
                      onClick={() => {
                        onJump(index);
                        setOpen(false);
                      }}
                      aria-label={t('attempt.palette.question', {
                        number: formatNumber(index + 1, language),
                        state: paletteLabel(t, state),
                      })}
                      aria-current={current ? 'step' : undefined}
                      className={`rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60 ${
                        current ? 'ring-2 ring-brand-700 ring-offset-2' : ''
                      }`}
                    >
                      <Tile state={state}>{formatNumber(index + 1, language)}</Tile>
                    </button>
                  </li>
                );
              })}
            </ol>
          );
          if (!groups) return <div key="all">{list}</div>;
          return (
            <div key={`${group.start}-${group.label}`} className="space-y-2">
              <h3 className="text-sm font-semibold text-slate-800">{group.label}</h3>
              {list}
            </div>
          );
        })}
        <PaletteLegend counts={counts} />
      </div>
    </nav>
  );
});
