import { describe, expect, it } from 'vitest';
import { examPattern } from '@quizcast/contract/domain/exam-patterns';
import { quizInputSchema } from '@quizcast/contract/schemas/quiz-input';
import {
  addSection,
  applyPattern,
  moveSection,
  removeSection,
  sectionCounts,
  sectionsInput,
} from './draft-sections';
import { blankQuestion, draftProblems, draftToInput, emptyDraft, type QuizDraft } from './quiz-draft';

/** A draft that passes every rule but the sections': n filled questions, a valid window. */
function draftWith(n: number): QuizDraft {
  return {
    ...emptyDraft(),
    name: 'Sectional mock',
    start: '2026-12-01T10:00',
    end: '2026-12-02T10:00',
    questions: Array.from({ length: n }, (_, i) => ({
      ...blankQuestion(),
      qn: `Question ${i + 1}`,
      choices: ['a', 'b', 'c', 'd'],
    })),
  };
}

const named = (d: QuizDraft, ...names: string[]): QuizDraft => ({
  ...d,
  sections: d.sections.map((s, i) => ({ ...s, name: names[i] ?? s.name, nameHi: `${names[i]} हिंदी` })),
});

describe('draft sections (issue 26)', () => {
  it('the first section takes every question; a later one none', () => {
    let d = addSection(draftWith(3));
    expect(d.questions.map((q) => q.section)).toEqual([0, 0, 0]);
    d = addSection(d);
    expect(sectionCounts(d)).toEqual([3, 0]);
  });

  it('moving a section keeps each question with its section', () => {
    let d = addSection(addSection(addSection(draftWith(3))));
    d = { ...d, questions: d.questions.map((q, i) => ({ ...q, section: i })) };
    d = named(d, 'A', 'B', 'C');
    const moved = moveSection(d, 0, 1);
    expect(moved.sections.map((s) => s.name)).toEqual(['B', 'A', 'C']);
    expect(moved.questions.map((q) => q.section)).toEqual([1, 0, 2]);
    expect(moveSection(d, 0, -1)).toBe(d);
  });

  it('removing a section moves its questions to the one before; the last one leaves the quiz free', () => {
    let d = addSection(addSection(addSection(draftWith(4))));
    d = { ...d, questions: d.questions.map((q, i) => ({ ...q, section: Math.min(i, 2) })) };
    const without1 = removeSection(d, 1);
    expect(without1.questions.map((q) => q.section)).toEqual([0, 0, 1, 1]);
    const without0 = removeSection(d, 0);
    expect(without0.questions.map((q) => q.section)).toEqual([0, 0, 1, 1]);
    const locked = { ...addSection(draftWith(2)), navigation: 'locked' as const };
    const none = removeSection(locked, 0);
    expect([none.navigation, none.sections, none.questions.map((q) => q.section)]).toEqual([
      'free',
      [],
      [null, null],
    ]);
  });

  it('a pattern fills sections, times, marking, exam and navigation, and deals the questions out by its counts', () => {
    const cat = examPattern('cat')!;
    const d = applyPattern(draftWith(70), cat);
    expect(d.sections.map((s) => [s.name, s.duration, s.target])).toEqual([
      ['Verbal Ability and Reading Comprehension', '40', 24],
      ['Data Interpretation and Logical Reasoning', '40', 22],
      ['Quantitative Ability', '40', 22],
    ]);
    expect([d.navigation, d.markCorrect, d.markWrong, d.exam, d.duration]).toEqual([
      'locked',
      '3',
      '1',
      'Other',
      '120',
    ]);
    expect(sectionCounts(d)).toEqual([24, 22, 24]);
    // Saved as is, it is a body the server's rules accept, lasting the sum of the sections.
    const input = draftToInput(d);
    expect(quizInputSchema.safeParse(input).success).toBe(true);
    expect(input.duration).toBe(120);
    expect(input.sections!.map((s) => s.duration)).toEqual([40, 40, 40]);
    expect(input.questions.slice(22, 26).map((q) => q.section)).toEqual([0, 0, 1, 1]);
  });

  it("sends a section's own marking only when set (the other part from the quiz), and times only when locked", () => {
    let d = named(addSection(addSection(draftWith(2))), 'Physics', 'Chemistry');
    d = { ...d, markCorrect: '4', markWrong: '1' };
    d.sections[1] = { ...d.sections[1]!, markWrong: '2', cutoff: '10', duration: '30' };
    expect(sectionsInput(d).sections).toEqual([
      { name: 'Physics', nameHi: 'Physics हिंदी', duration: null, markingScheme: null, cutoff: null },
      {
        name: 'Chemistry',
        nameHi: 'Chemistry हिंदी',
        duration: null,
        markingScheme: { correct: 4, wrong: 2 },
        cutoff: 10,
      },
    ]);
    expect(sectionsInput({ ...d, navigation: 'locked' }).sections!.map((s) => s.duration)).toEqual([
      null,
      30,
    ]);
  });

  it("reports a section's problems by its index, and a locked quiz's untimed section", () => {
    const d = { ...addSection(draftWith(1)), navigation: 'locked' as const };
    const problems = draftProblems(d)!;
    expect(problems.sections[0]).toEqual(
      expect.arrayContaining(['Section name is required', 'Section 1 needs its own time in a locked quiz']),
    );
  });
});
