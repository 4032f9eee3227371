import { describe, expect, it } from 'vitest';
import type { QuizAttempt } from '@quizcast/contract/schemas/quiz';
import {
  canReach,
  closedQuestionIds,
  nextCloseAt,
  openSection,
  sectionFlowReducer,
  sectionLayout,
  sectionName,
  sectionOf,
} from './attempt-sections';

const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const MIN = 60_000;
const at = (ms: number) => new Date(ms).toISOString();
const question = (id: string, section?: number) => ({
  _id: id,
  qn: id,
  choices: ['a', 'b'],
  lang: 'en' as const,
  audioUrl: null,
  ...(section === undefined ? {} : { section }),
});

/** An IBPS-style locked attempt: three 20-minute sections, two questions each. */
function locked(): Pick<QuizAttempt, 'questions' | 'sections' | 'navigation'> {
  return {
    navigation: 'locked',
    questions: [0, 0, 1, 1, 2, 2].map((s, i) => question(`q${i + 1}`, s)),
    sections: ['English', 'Quant', 'Reasoning'].map((name, i) => ({
      name,
      nameHi: `${name} (हिंदी)`,
      questionCount: 2,
      durationMin: 20,
      startedAt: at(T0 + i * 20 * MIN),
      closesAt: at(T0 + (i + 1) * 20 * MIN),
      state: i === 0 ? ('open' as const) : ('upcoming' as const),
    })),
  };
}

describe('sectionLayout', () => {
  it('is null for a quiz without sections (the screen stays as it was)', () => {
    expect(sectionLayout({ questions: [question('q1')], sections: undefined })).toBeNull();
    expect(sectionLayout({ questions: [question('q1')], sections: [] })).toBeNull();
  });

  it("places each section over its questions and reads the server's windows", () => {
    const layout = sectionLayout(locked())!;
    expect(layout.navigation).toBe('locked');
    expect(layout.sections.map((s) => [s.start, s.end])).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
    ]);
    expect(layout.sections[1]!.closesAtMs).toBe(T0 + 40 * MIN);
    expect(sectionOf(layout, 3)).toBe(1);
    expect(sectionName(layout.sections[2]!, 'hi')).toBe('Reasoning (हिंदी)');
  });

  it('gives an empty section no questions, where the previous one ends', () => {
    const attempt = locked();
    attempt.questions = attempt.questions.filter((q) => q.section !== 1);
    const layout = sectionLayout(attempt)!;
    expect(layout.sections.map((s) => [s.start, s.end])).toEqual([
      [0, 2],
      [2, 2],
      [2, 4],
    ]);
  });
});

describe('the open section of a locked quiz', () => {
  const layout = sectionLayout(locked())!;

  it('follows the server windows: each closes at its end, the next is open then', () => {
    expect(openSection(layout, T0)).toBe(0);
    expect(openSection(layout, T0 + 20 * MIN - 1)).toBe(0);
    expect(openSection(layout, T0 + 20 * MIN)).toBe(1);
    expect(openSection(layout, T0 + 59 * MIN)).toBe(2);
    // Past the last window the last section stays (the attempt's own deadline ends it).
    expect(openSection(layout, T0 + 90 * MIN)).toBe(2);
    expect(nextCloseAt(layout, T0)).toBe(T0 + 20 * MIN);
    expect(nextCloseAt(layout, T0 + 45 * MIN)).toBeNull();
  });

  it('reaches only the open section; earlier ones are closed to changes', () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => canReach(layout, 1, i))).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(closedQuestionIds(layout, 2, locked().questions)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(closedQuestionIds(layout, 0, locked().questions)).toEqual([]);
  });

  it('an early close (windows re-planned by the server) opens the next section now', () => {
    const attempt = locked();
    const now = T0 + 5 * MIN;
    attempt.sections = attempt.sections!.map((s, i) => ({
      ...s,
      closesAt: at(i === 0 ? now : now + i * 20 * MIN),
    }));
    expect(openSection(sectionLayout(attempt)!, now)).toBe(1);
  });

  it('a free quiz has no open section: tabs reach every question', () => {
    const free = sectionLayout({
      ...locked(),
      navigation: 'free',
      sections: locked().sections!.map((s) => ({ ...s, durationMin: null, startedAt: null, closesAt: null })),
    })!;
    expect(openSection(free, T0 + 30 * MIN)).toBeNull();
    expect([0, 3, 5].every((i) => canReach(free, null, i))).toBe(true);
  });
});

describe('sectionFlowReducer', () => {
  it('shows the interstitial when a later section opens, until the learner continues', () => {
    let state = sectionFlowReducer({ entered: 0, interstitial: null }, { type: 'opened', section: 1 });
    expect(state).toEqual({ entered: 1, interstitial: { closed: 0, next: 1 } });
    state = sectionFlowReducer(state, { type: 'continue' });
    expect(state).toEqual({ entered: 1, interstitial: null });
  });

  it('never goes back to a section once left (a stale view cannot reopen it)', () => {
    const state = { entered: 2, interstitial: null };
    expect(sectionFlowReducer(state, { type: 'opened', section: 1 })).toBe(state);
    expect(sectionFlowReducer(state, { type: 'opened', section: 2 })).toBe(state);
  });
});
