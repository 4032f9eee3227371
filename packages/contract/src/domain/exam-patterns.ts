/**
 * Exam-pattern templates (issue 26): the starting points the quiz editor offers. Each one pre-fills
 * a quiz's sections (names in English and Hindi, how many questions each should have, their times),
 * its marking and its navigation rule; the admin can change anything afterwards. Every figure is
 * taken from the exam's latest official notice we could read, cited in `docs/exam-patterns.md`
 * (keep the two in step). Cut-offs change every year, so no template sets one.
 */

export type PatternNavigation = 'free' | 'locked';

export interface PatternSection {
  name: string;
  nameHi: string;
  /** How many questions the real paper puts in this section (a target shown to the admin). */
  questions: number;
  /** Minutes: set in a locked pattern (each section its own clock), null in a free one. */
  duration: number | null;
}

export interface ExamPattern {
  id: 'ibps-po-prelims' | 'sbi-po-prelims' | 'ssc-cgl-tier1' | 'cat' | 'jee-main' | 'neet-ug';
  name: string;
  nameHi: string;
  /** The quiz's exam family (`QUIZ_EXAMS`); CAT is none of ours, so 'Other'. */
  exam: 'UPSC' | 'SSC' | 'Banking' | 'NEET' | 'JEE' | 'Other';
  navigation: PatternNavigation;
  /** Minutes for the whole paper: the sum of the sections' in a locked pattern. */
  duration: number;
  /** Marks for a right answer and marks deducted for a wrong one (the same in every section). */
  markingScheme: { correct: number; wrong: number };
}

export interface ExamPatternTemplate extends ExamPattern {
  sections: PatternSection[];
}

const banking = (english: number, quant: number, reasoning: number): PatternSection[] => [
  { name: 'English Language', nameHi: 'अंग्रेज़ी भाषा', questions: english, duration: 20 },
  { name: 'Quantitative Aptitude', nameHi: 'संख्यात्मक अभियोग्यता', questions: quant, duration: 20 },
  { name: 'Reasoning Ability', nameHi: 'तर्कशक्ति', questions: reasoning, duration: 20 },
];

export const EXAM_PATTERNS: readonly ExamPatternTemplate[] = [
  {
    id: 'ibps-po-prelims',
    name: 'IBPS PO Prelims',
    nameHi: 'IBPS PO प्रारंभिक परीक्षा',
    exam: 'Banking',
    navigation: 'locked',
    duration: 60,
    markingScheme: { correct: 1, wrong: 0.25 },
    sections: banking(30, 35, 35),
  },
  {
    id: 'sbi-po-prelims',
    name: 'SBI PO Prelims',
    nameHi: 'SBI PO प्रारंभिक परीक्षा',
    exam: 'Banking',
    navigation: 'locked',
    duration: 60,
    markingScheme: { correct: 1, wrong: 0.25 },
    sections: banking(30, 35, 35),
  },
  {
    id: 'ssc-cgl-tier1',
    name: 'SSC CGL Tier 1',
    nameHi: 'SSC CGL टियर 1',
    exam: 'SSC',
    navigation: 'free',
    duration: 60,
    markingScheme: { correct: 2, wrong: 0.5 },
    sections: [
      {
        name: 'General Intelligence and Reasoning',
        nameHi: 'सामान्य बुद्धि और तर्कशक्ति',
        questions: 25,
        duration: null,
      },
      { name: 'General Awareness', nameHi: 'सामान्य जागरूकता', questions: 25, duration: null },
      { name: 'Quantitative Aptitude', nameHi: 'संख्यात्मक अभियोग्यता', questions: 25, duration: null },
      { name: 'English Comprehension', nameHi: 'अंग्रेज़ी बोध', questions: 25, duration: null },
    ],
  },
  {
    id: 'cat',
    name: 'CAT',
    nameHi: 'CAT (कैट)',
    exam: 'Other',
    navigation: 'locked',
    duration: 120,
    markingScheme: { correct: 3, wrong: 1 },
    sections: [
      {
        name: 'Verbal Ability and Reading Comprehension',
        nameHi: 'मौखिक योग्यता और पठन बोध',
        questions: 24,
        duration: 40,
      },
      {
        name: 'Data Interpretation and Logical Reasoning',
        nameHi: 'आँकड़ा निर्वचन और तार्किक विवेचन',
        questions: 22,
        duration: 40,
      },
      { name: 'Quantitative Ability', nameHi: 'मात्रात्मक योग्यता', questions: 22, duration: 40 },
    ],
  },
  {
    id: 'jee-main',
    name: 'JEE Main (Paper 1)',
    nameHi: 'JEE Main (पेपर 1)',
    exam: 'JEE',
    navigation: 'free',
    duration: 180,
    markingScheme: { correct: 4, wrong: 1 },
    sections: [
      { name: 'Physics', nameHi: 'भौतिकी', questions: 25, duration: null },
      { name: 'Chemistry', nameHi: 'रसायन विज्ञान', questions: 25, duration: null },
      { name: 'Mathematics', nameHi: 'गणित', questions: 25, duration: null },
    ],
  },
  {
    id: 'neet-ug',
    name: 'NEET (UG)',
    nameHi: 'NEET (UG)',
    exam: 'NEET',
    navigation: 'free',
    duration: 180,
    markingScheme: { correct: 4, wrong: 1 },
    sections: [
      { name: 'Physics', nameHi: 'भौतिकी', questions: 45, duration: null },
      { name: 'Chemistry', nameHi: 'रसायन विज्ञान', questions: 45, duration: null },
      { name: 'Botany', nameHi: 'वनस्पति विज्ञान', questions: 45, duration: null },
      { name: 'Zoology', nameHi: 'प्राणि विज्ञान', questions: 45, duration: null },
    ],
  },
];

export type ExamPatternId = ExamPattern['id'];

export function examPattern(id: string): ExamPatternTemplate | undefined {
  return EXAM_PATTERNS.find((p) => p.id === id);
}

/** The paper's question count: the sum of its sections'. */
export function patternQuestionCount(pattern: ExamPatternTemplate): number {
  return pattern.sections.reduce((sum, s) => sum + s.questions, 0);
}

/**
 * The section a question at `index` falls in when questions are dealt out in order by the
 * pattern's counts (the first 30 to English, the next 35 to Quant …); questions past the paper's
 * count go to the last section.
 */
export function sectionForPosition(counts: readonly number[], index: number): number {
  let end = 0;
  for (let i = 0; i < counts.length; i += 1) {
    end += counts[i]!;
    if (index < end) return i;
  }
  return Math.max(0, counts.length - 1);
}
