import { describe, expect, it } from 'vitest';
import { QUIZ_EXAMS, QUIZ_QUESTIONS_MAX, quizInputSchema, SECTIONS_MAX } from '../schemas/quiz-input';
import { EXAM_PATTERNS, examPattern, patternQuestionCount, sectionForPosition } from './exam-patterns';

/** A quiz body built from a template, one placeholder question per question of the real paper. */
function quizFromPattern(id: string) {
  const p = examPattern(id)!;
  const counts = p.sections.map((s) => s.questions);
  return {
    name: `${p.name} mock`,
    exam: p.exam,
    class: 'Preparing for Competitive exams',
    duration: p.duration,
    startTimeStamp: '2026-12-01T04:30:00.000Z',
    endTimeStamp: '2026-12-02T04:30:00.000Z',
    price: 0,
    markingScheme: p.markingScheme,
    navigation: p.navigation,
    sections: p.sections.map((s) => ({
      name: s.name,
      nameHi: s.nameHi,
      duration: s.duration,
      markingScheme: null,
      cutoff: null,
    })),
    questions: Array.from({ length: patternQuestionCount(p) }, (_, i) => ({
      qn: `Question ${i + 1}`,
      choices: ['a', 'b', 'c', 'd'],
      ansIndex: 0,
      section: sectionForPosition(counts, i),
    })),
  };
}

describe('exam-pattern templates (issue 26)', () => {
  it('offers the six patterns the issue names, each a quiz the authoring rules accept', () => {
    expect(EXAM_PATTERNS.map((p) => p.id)).toEqual([
      'ibps-po-prelims',
      'sbi-po-prelims',
      'ssc-cgl-tier1',
      'cat',
      'jee-main',
      'neet-ug',
    ]);
    for (const p of EXAM_PATTERNS) {
      const parsed = quizInputSchema.safeParse(quizFromPattern(p.id));
      expect(parsed.success, `${p.id}: ${parsed.error?.issues.map((i) => i.message).join('; ')}`).toBe(true);
      expect(QUIZ_EXAMS).toContain(p.exam);
      expect(p.sections.length).toBeLessThanOrEqual(SECTIONS_MAX);
      expect(patternQuestionCount(p)).toBeLessThanOrEqual(QUIZ_QUESTIONS_MAX);
      expect(p.sections.every((s) => /[\u0900-\u097F]/.test(s.nameHi))).toBe(true);
    }
  });

  it('a locked pattern times every section and lasts their sum; a free one times none', () => {
    for (const p of EXAM_PATTERNS) {
      if (p.navigation === 'locked') {
        expect(p.sections.every((s) => s.duration !== null)).toBe(true);
        expect(p.sections.reduce((sum, s) => sum + s.duration!, 0)).toBe(p.duration);
      } else {
        expect(p.sections.every((s) => s.duration === null)).toBe(true);
      }
    }
  });

  it('keeps the figures of the notices cited in docs/exam-patterns.md', () => {
    const figures = (id: string) => {
      const p = examPattern(id)!;
      return {
        navigation: p.navigation,
        duration: p.duration,
        marking: [p.markingScheme.correct, p.markingScheme.wrong],
        sections: p.sections.map((s) => [s.questions, s.duration]),
      };
    };
    expect(figures('ibps-po-prelims')).toEqual({
      navigation: 'locked',
      duration: 60,
      marking: [1, 0.25],
      sections: [
        [30, 20],
        [35, 20],
        [35, 20],
      ],
    });
    // SBI PO 2025 prelims has the same shape as IBPS PO's.
    expect(figures('sbi-po-prelims')).toEqual(figures('ibps-po-prelims'));
    expect(figures('cat')).toEqual({
      navigation: 'locked',
      duration: 120,
      marking: [3, 1],
      sections: [
        [24, 40],
        [22, 40],
        [22, 40],
      ],
    });
    expect(figures('ssc-cgl-tier1')).toMatchObject({ navigation: 'free', duration: 60, marking: [2, 0.5] });
    expect(patternQuestionCount(examPattern('ssc-cgl-tier1')!)).toBe(100);
    expect(figures('jee-main')).toMatchObject({ navigation: 'free', duration: 180, marking: [4, 1] });
    expect(patternQuestionCount(examPattern('jee-main')!)).toBe(75);
    expect(figures('neet-ug')).toMatchObject({ navigation: 'free', duration: 180, marking: [4, 1] });
    expect(patternQuestionCount(examPattern('neet-ug')!)).toBe(180);
  });

  it('deals questions out to sections by the counts, the rest to the last', () => {
    const counts = [2, 3, 1];
    expect(Array.from({ length: 8 }, (_, i) => sectionForPosition(counts, i))).toEqual([
      0, 0, 1, 1, 1, 2, 2, 2,
    ]);
    expect(sectionForPosition([], 3)).toBe(0);
  });
});
