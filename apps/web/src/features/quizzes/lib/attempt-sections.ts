import type { AttemptSection, NavigationRule, QuizAttempt } from '@quizcast/contract/schemas/quiz';

/**
 * A quiz's sections as the attempt screen runs them (issue 26, ADR 022): where each section's
 * questions are (the server orders questions by section), and in a locked quiz its window on the
 * server's clock. Pure, so the rules of the screen are tested without React.
 */
export interface SectionPlan {
  index: number;
  name: string;
  nameHi: string;
  /** The section's questions are `questions[start..end)`. */
  start: number;
  end: number;
  durationMin: number | null;
  /** A locked quiz: the server's window (epoch ms); null in a free quiz. */
  startsAtMs: number | null;
  closesAtMs: number | null;
}

export interface SectionLayout {
  navigation: NavigationRule;
  sections: SectionPlan[];
}

const ms = (iso: string | null) => (iso === null ? null : new Date(iso).getTime());

/** The layout of a sectioned attempt; null for a quiz without sections (the screen is as before). */
export function sectionLayout(
  attempt: Pick<QuizAttempt, 'questions' | 'sections' | 'navigation'>,
  windows: readonly AttemptSection[] | undefined = attempt.sections,
): SectionLayout | null {
  if (!windows?.length) return null;
  const sections = windows.map<SectionPlan>((s, index) => ({
    index,
    name: s.name,
    nameHi: s.nameHi,
    start: 0,
    end: 0,
    durationMin: s.durationMin,
    startsAtMs: ms(s.startedAt),
    closesAtMs: ms(s.closesAt),
  }));
  // Questions arrive grouped by section; each section spans from its first question to its last.
  const seen = new Set<number>();
  attempt.questions.forEach((q, i) => {
    const plan = sections[q.section ?? 0];
    if (!plan) return;
    if (!seen.has(plan.index)) plan.start = i;
    seen.add(plan.index);
    plan.end = i + 1;
  });
  for (const [i, plan] of sections.entries()) {
    // An empty section (none of its questions) sits where the previous one ends.
    if (!seen.has(i)) plan.start = plan.end = i === 0 ? 0 : sections[i - 1]!.end;
  }
  return { navigation: attempt.navigation ?? 'free', sections };
}

/** The section a question belongs to. */
export function sectionOf(layout: SectionLayout, questionIndex: number): number {
  const found = layout.sections.find((s) => questionIndex >= s.start && questionIndex < s.end);
  return found?.index ?? 0;
}

/**
 * A locked quiz's section open at `nowMs` (the server's time): the first whose window has not
 * closed; the last one once every window has (the attempt's own deadline ends it). A free quiz: null.
 */
export function openSection(layout: SectionLayout, nowMs: number): number | null {
  if (layout.navigation !== 'locked') return null;
  const open = layout.sections.find((s) => s.closesAtMs !== null && s.closesAtMs > nowMs);
  return open?.index ?? layout.sections.length - 1;
}

/** When the open section closes next (epoch ms on the server's clock), or null when none is left to close. */
export function nextCloseAt(layout: SectionLayout, nowMs: number): number | null {
  const open = openSection(layout, nowMs);
  if (open === null || open >= layout.sections.length - 1) return null;
  return layout.sections[open]!.closesAtMs;
}

/** Can the learner go to this question? Free: always. Locked: only within the open section. */
export function canReach(layout: SectionLayout, open: number | null, questionIndex: number): boolean {
  if (layout.navigation !== 'locked' || open === null) return true;
  const section = layout.sections[open]!;
  return questionIndex >= section.start && questionIndex < section.end;
}

/** Question ids of every section before `open` (closed: no more changes to them). */
export function closedQuestionIds(
  layout: SectionLayout,
  open: number,
  questions: readonly { _id: string }[],
): string[] {
  const end = layout.sections[open]?.start ?? 0;
  return questions.slice(0, end).map((q) => q._id);
}

/**
 * The section screen's own states: the section the learner is in, and the interstitial shown when a
 * locked section ended (by its clock or closed early), until they continue. A section once left is
 * never entered again: the open section only moves forward.
 */
export interface SectionFlow {
  entered: number;
  interstitial: { closed: number; next: number } | null;
}

export type SectionFlowEvent = { type: 'opened'; section: number } | { type: 'continue' };

export function sectionFlowReducer(state: SectionFlow, event: SectionFlowEvent): SectionFlow {
  switch (event.type) {
    case 'opened':
      // Only forward: an older answer (a slow reply, a second device's view) never reopens a section.
      if (event.section <= state.entered) return state;
      return { entered: event.section, interstitial: { closed: event.section - 1, next: event.section } };
    case 'continue':
      return state.interstitial ? { ...state, interstitial: null } : state;
  }
}

/** A section's name in the learner's language. */
export function sectionName(section: Pick<SectionPlan, 'name' | 'nameHi'>, language: string): string {
  return language === 'hi' ? section.nameHi : section.name;
}
