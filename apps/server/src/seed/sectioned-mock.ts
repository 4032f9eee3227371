import type { ExamPatternTemplate } from '@quizcast/contract/domain/exam-patterns';
import type { StoredSection } from '../db/schema';
import type { QuestionSeed } from './factories';

/** What a demo mock says in its own words; its exam, timing, marking and sections come from its pattern. */
export interface MockText {
  name: string;
  desc: string;
  instructions: string[];
  /** Each section's pass mark; a pattern sets none (cut-offs change every year). */
  cutoff?: number | null;
}

/** One question of a mock, in English and Hindi: the index of its section first. */
export type MockQuestion = [
  section: number,
  qn: string,
  choices: string[],
  ansIndex: number,
  qnHi: string,
  choicesHi: string[],
  explanation: string,
];

/**
 * A demo sectional mock (issue 26) from an exam pattern: the quiz (for `createQuiz`) with the
 * pattern's sections, each on the quiz's marking, and its questions, each one's topic the name of
 * its section.
 */
export function sectionedMock(pattern: ExamPatternTemplate, text: MockText, questions: MockQuestion[]) {
  const { cutoff = null, ...words } = text;
  const quiz = {
    ...words,
    exam: pattern.exam,
    class: 'Preparing for Competitive exams' as const,
    durationMin: pattern.duration,
    markCorrect: pattern.markingScheme.correct,
    markWrong: pattern.markingScheme.wrong,
    navigation: pattern.navigation,
    sections: pattern.sections.map((s): StoredSection => ({
      name: s.name,
      nameHi: s.nameHi,
      durationMin: s.duration,
      markCorrect: null,
      markWrong: null,
      cutoff,
    })),
  };
  return {
    quiz,
    questions: questions.map(
      ([section, qn, choices, ansIndex, qnHi, choicesHi, explanation]): QuestionSeed => ({
        section,
        qn,
        choices,
        ansIndex,
        qnHi,
        choicesHi,
        explanation,
        topic: pattern.sections[section]!.name,
      }),
    ),
  };
}
