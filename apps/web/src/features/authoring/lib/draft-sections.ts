import { sectionForPosition, type ExamPatternTemplate } from '@quizcast/contract/domain/exam-patterns';
import type { AdminQuiz } from '@quizcast/contract/schemas/admin-quiz';
import type { QuizInput, SectionInput } from '@quizcast/contract/schemas/quiz-input';

/** Issue 26 (ADR 022): a quiz's sections as the editor holds them (text inputs stay strings until saved). */

export type NavigationRule = 'free' | 'locked';

export interface DraftSection {
  /** Stable React key for reordering. */
  key: string;
  name: string;
  nameHi: string;
  /** Minutes; sent only in a locked quiz (a free quiz's sections share its clock). */
  duration: string;
  /** '' for both: the quiz's marking. */
  markCorrect: string;
  markWrong: string;
  /** '' for none. */
  cutoff: string;
  /** How many questions the exam pattern it came from puts here (a target, not a rule); null when none. */
  target: number | null;
}

/** What of a draft the section operations read and write. */
export interface SectionedDraft {
  exam: string;
  duration: string;
  markCorrect: string;
  markWrong: string;
  navigation: NavigationRule;
  sections: DraftSection[];
  questions: { section: number | null }[];
}

/** '' stays missing (so the schema says "required"); anything else becomes a number (maybe NaN). */
export const numberOrMissing = (value: string) => (value.trim() === '' ? undefined : Number(value));

let keySeq = 0;
const sectionKey = () => `s${Date.now().toString(36)}${(keySeq += 1)}`;

export function blankSection(): DraftSection {
  return {
    key: sectionKey(),
    name: '',
    nameHi: '',
    duration: '',
    markCorrect: '',
    markWrong: '',
    cutoff: '',
    target: null,
  };
}

type ReadSection = NonNullable<AdminQuiz['sections']>[number];

export function draftSectionFrom(s: ReadSection): DraftSection {
  return {
    key: sectionKey(),
    name: s.name,
    nameHi: s.nameHi,
    duration: s.duration === null ? '' : String(s.duration),
    markCorrect: s.markingScheme ? String(s.markingScheme.correct) : '',
    markWrong: s.markingScheme ? String(s.markingScheme.wrong) : '',
    cutoff: s.cutoff === null ? '' : String(s.cutoff),
    target: null,
  };
}

/** A new last section; the first one takes every question (with sections, each must have one). */
export function addSection<D extends SectionedDraft>(draft: D): D {
  const first = draft.sections.length === 0;
  return {
    ...draft,
    sections: [...draft.sections, blankSection()],
    questions: first ? draft.questions.map((q) => ({ ...q, section: 0 })) : draft.questions,
  };
}

/**
 * Removes section `index`: its questions join the section before it (the next one when it was the
 * first); without sections left the quiz is free again and its questions in none.
 */
export function removeSection<D extends SectionedDraft>(draft: D, index: number): D {
  const sections = draft.sections.filter((_, i) => i !== index);
  if (sections.length === 0)
    return {
      ...draft,
      sections,
      navigation: 'free',
      questions: draft.questions.map((q) => ({ ...q, section: null })),
    };
  const home = Math.max(0, index - 1);
  return {
    ...draft,
    sections,
    questions: draft.questions.map((q) => {
      if (q.section === null) return { ...q, section: home };
      if (q.section === index) return { ...q, section: home };
      return { ...q, section: q.section > index ? q.section - 1 : q.section };
    }),
  };
}

/** Swaps section `index` with its neighbour; each question stays with its section. */
export function moveSection<D extends SectionedDraft>(draft: D, index: number, delta: -1 | 1): D {
  const target = index + delta;
  if (target < 0 || target >= draft.sections.length) return draft;
  const sections = [...draft.sections];
  [sections[index], sections[target]] = [sections[target]!, sections[index]!];
  const swap = (s: number | null) => (s === index ? target : s === target ? index : s);
  return { ...draft, sections, questions: draft.questions.map((q) => ({ ...q, section: swap(q.section) })) };
}

/**
 * Applies an exam pattern: its sections, times, marking, navigation rule, duration and exam. The
 * questions are kept and dealt out in order by the pattern's counts (the rest to the last section).
 */
export function applyPattern<D extends SectionedDraft>(draft: D, pattern: ExamPatternTemplate): D {
  const counts = pattern.sections.map((s) => s.questions);
  return {
    ...draft,
    exam: pattern.exam,
    duration: String(pattern.duration),
    markCorrect: String(pattern.markingScheme.correct),
    markWrong: String(pattern.markingScheme.wrong),
    navigation: pattern.navigation,
    sections: pattern.sections.map((s) => ({
      ...blankSection(),
      name: s.name,
      nameHi: s.nameHi,
      duration: s.duration === null ? '' : String(s.duration),
      target: s.questions,
    })),
    questions: draft.questions.map((q, i) => ({ ...q, section: sectionForPosition(counts, i) })),
  };
}

/** A locked quiz lasts as long as its sections together; otherwise its own duration field. */
export function draftDuration(draft: SectionedDraft): number | undefined {
  if (draft.navigation === 'locked' && draft.sections.length > 0) {
    const minutes = draft.sections.map((s) => numberOrMissing(s.duration));
    if (minutes.every((m) => m !== undefined && Number.isFinite(m)))
      return minutes.reduce<number>((sum, m) => sum + m!, 0);
  }
  return numberOrMissing(draft.duration);
}

/** How many of the draft's questions are in each section. */
export function sectionCounts(draft: SectionedDraft): number[] {
  const counts = draft.sections.map(() => 0);
  for (const q of draft.questions)
    if (q.section !== null && q.section < counts.length) counts[q.section]! += 1;
  return counts;
}

/** The sections and navigation rule as the API takes them. */
export function sectionsInput(draft: SectionedDraft): Pick<QuizInput, 'sections' | 'navigation'> {
  const locked = draft.navigation === 'locked';
  const quizCorrect = numberOrMissing(draft.markCorrect) ?? 1;
  const quizWrong = numberOrMissing(draft.markWrong) ?? 0;
  return {
    navigation: draft.navigation,
    sections: draft.sections.map((s): SectionInput => {
      const correct = numberOrMissing(s.markCorrect);
      const wrong = numberOrMissing(s.markWrong);
      const cutoff = numberOrMissing(s.cutoff);
      return {
        name: s.name,
        nameHi: s.nameHi,
        duration: locked ? ((numberOrMissing(s.duration) ?? null) as number | null) : null,
        markingScheme:
          correct === undefined && wrong === undefined
            ? null
            : { correct: correct ?? quizCorrect, wrong: wrong ?? quizWrong },
        cutoff: cutoff ?? null,
      };
    }),
  };
}
