import { z } from 'zod';
import { EDUCATION_LEVELS, EXAM_FAMILIES } from '../constants';
import { QUESTION_TYPES } from '../domain/numeric-answer';
import { PREVIOUS_YEAR_MAX, PREVIOUS_YEAR_MIN } from '../domain/practice';
import { QUESTION_LANGS, questionViolations, type QuestionDraft } from './question-rules';

/**
 * The body of `POST /quizzes` and `PUT /quizzes/:id` (issue 7): a quiz with its questions, every
 * broken rule listed in one 400. Prices travel in rupees here (0 = free); the server stores paise.
 */

export const QUIZ_NAME_MIN = 3;
export const QUIZ_NAME_MAX = 200;
export const QUIZ_DESC_MAX = 2000;
export const QUIZ_DURATION_MIN = 1;
export const QUIZ_DURATION_MAX = 300;
export const QUIZ_QUESTIONS_MIN = 1;
export const QUIZ_QUESTIONS_MAX = 200;
export const INSTRUCTIONS_MAX = 20;
export const INSTRUCTION_TEXT_MAX = 500;
export const PRICE_MAX_RUPEES = 100_000;
export const MARK_MAX = 100;

/** "Other" lets an admin publish a general quiz that is not tied to one exam family. */
export const QUIZ_EXAMS = [...EXAM_FAMILIES, 'Other'] as const;

/** A number as text or as a JSON number (kept as text, so "2.50" stays exact); checked by the rules. */
const numericText = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a number` })
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .nullable()
    .optional();

export const questionInputSchema = z.object({
  /** Present when editing an existing question (keeps its id, so saved answers stay linked). */
  _id: z.uuid({ error: 'Question id must be a UUID' }).optional(),
  qn: z.string({ error: 'Question text must be text' }),
  /** Absent: [] (a numeric question has none). */
  choices: z
    .array(z.string({ error: 'Each choice must be text' }), {
      error: 'Choices must be a list of text',
    })
    .default([]),
  /** Required for a multiple-choice question; ignored (0) for a numeric one. */
  ansIndex: z.number({ error: 'ansIndex must be a number' }).optional(),
  explanation: z.string({ error: 'Explanation must be text' }).nullable().optional(),
  lang: z.enum(QUESTION_LANGS, { error: 'Question language must be "en" or "hi"' }).optional(),
  topic: z.string({ error: 'Topic must be text' }).nullable().optional(),
  /** 'mcq' (default) or 'numeric': then `choices` is [] and `numericAnswer` (± `tolerance`) is the key. */
  type: z.enum(QUESTION_TYPES, { error: 'Question type must be "mcq" or "numeric"' }).optional(),
  numericAnswer: numericText('The answer'),
  tolerance: numericText('The tolerance'),
  /** Optional Hindi version; `$…$` TeX is allowed in every text (ADR 019). */
  qnHi: z.string({ error: 'Hindi question text must be text' }).nullable().optional(),
  choicesHi: z
    .array(z.string({ error: 'Each Hindi choice must be text' }), {
      error: 'Hindi choices must be a list of text',
    })
    .nullable()
    .optional(),
  explanationHi: z.string({ error: 'Hindi explanation must be text' }).nullable().optional(),
  /** Issue 26: the index of the question's section in the quiz's `sections` (required when it has any). */
  section: z
    .number({ error: 'section must be a number' })
    .int('section must be a whole number')
    .min(0, 'section must be 0 or more')
    .nullable()
    .optional(),
});
export type QuestionInput = z.infer<typeof questionInputSchema>;

export const markingSchemeSchema = z.object({
  correct: z
    .number({ error: 'Marks for a correct answer must be a number' })
    .gt(0, 'Marks for a correct answer must be more than 0')
    .max(MARK_MAX, `Marks for a correct answer must be at most ${MARK_MAX}`),
  wrong: z
    .number({ error: 'Marks deducted for a wrong answer must be a number' })
    .min(0, 'Marks deducted for a wrong answer must be 0 or more')
    .max(MARK_MAX, `Marks deducted for a wrong answer must be at most ${MARK_MAX}`),
});
export type MarkingSchemeInput = z.infer<typeof markingSchemeSchema>;

export const SECTIONS_MAX = 10;
export const SECTION_NAME_MAX = 100;
export const SECTION_CUTOFF_MAX = 100_000;

/**
 * A quiz's section (issue 26, ADR 022), in order: names in English and Hindi; in a `locked` quiz its
 * own time (required); optionally its own marking (overriding the quiz's) and a cut-off score.
 */
export const sectionInputSchema = z.object({
  name: z
    .string({ error: 'Section name is required' })
    .trim()
    .min(1, 'Section name is required')
    .max(SECTION_NAME_MAX, `Section name must be at most ${SECTION_NAME_MAX} characters`),
  nameHi: z
    .string({ error: 'Hindi section name is required' })
    .trim()
    .min(1, 'Hindi section name is required')
    .max(SECTION_NAME_MAX, `Hindi section name must be at most ${SECTION_NAME_MAX} characters`),
  duration: z
    .number({ error: 'Section duration must be a number of minutes' })
    .refine(Number.isInteger, 'Section duration must be a whole number of minutes')
    .min(QUIZ_DURATION_MIN, `Section duration must be ${QUIZ_DURATION_MIN}–${QUIZ_DURATION_MAX} minutes`)
    .max(QUIZ_DURATION_MAX, `Section duration must be ${QUIZ_DURATION_MIN}–${QUIZ_DURATION_MAX} minutes`)
    .nullable()
    .optional(),
  markingScheme: markingSchemeSchema.nullable().optional(),
  cutoff: z
    .number({ error: 'Cut-off must be a number' })
    .min(-SECTION_CUTOFF_MAX, 'Cut-off is too small')
    .max(SECTION_CUTOFF_MAX, 'Cut-off is too large')
    .nullable()
    .optional(),
});
export type SectionInput = z.infer<typeof sectionInputSchema>;

export const NAVIGATION_RULES = ['free', 'locked'] as const;

const isoDateTime = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? `${label} is required`
        : `${label} must be a date and time (ISO 8601)`,
  });

/** The fields of a quiz body with their own rules. */
const quizFieldsSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(QUIZ_NAME_MIN, `Name must be ${QUIZ_NAME_MIN}–${QUIZ_NAME_MAX} characters`)
    .max(QUIZ_NAME_MAX, `Name must be ${QUIZ_NAME_MIN}–${QUIZ_NAME_MAX} characters`),
  desc: z
    .string({ error: 'Description must be text' })
    .max(QUIZ_DESC_MAX, `Description must be at most ${QUIZ_DESC_MAX} characters`)
    .default(''),
  exam: z.enum(QUIZ_EXAMS, { error: `Exam must be one of ${QUIZ_EXAMS.join(', ')}` }),
  class: z.enum(EDUCATION_LEVELS, { error: `Class must be one of ${EDUCATION_LEVELS.join(', ')}` }),
  duration: z
    .number({ error: 'Duration is required' })
    .refine(Number.isInteger, 'Duration must be a whole number of minutes')
    .min(QUIZ_DURATION_MIN, `Duration must be ${QUIZ_DURATION_MIN}–${QUIZ_DURATION_MAX} minutes`)
    .max(QUIZ_DURATION_MAX, `Duration must be ${QUIZ_DURATION_MIN}–${QUIZ_DURATION_MAX} minutes`),
  startTimeStamp: isoDateTime('Start time'),
  endTimeStamp: isoDateTime('End time'),
  price: z
    .number({ error: 'Price must be a number of rupees' })
    .min(0, 'Price must be 0 (free) or more')
    .max(PRICE_MAX_RUPEES, `Price must be at most ₹${PRICE_MAX_RUPEES}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Price can have at most 2 decimals'),
  markingScheme: markingSchemeSchema.optional(),
  instructions: z
    .array(
      z
        .string({ error: 'Each instruction must be text' })
        .trim()
        .min(1, 'Instructions cannot be empty')
        .max(INSTRUCTION_TEXT_MAX, `Each instruction must be at most ${INSTRUCTION_TEXT_MAX} characters`),
    )
    .refine((list) => list.length <= INSTRUCTIONS_MAX, `At most ${INSTRUCTIONS_MAX} instructions`)
    .optional(),
  published: z.boolean({ error: 'published must be true or false' }).default(true),
  /** ADR 014. Absent: the default for the kind of quiz on create, unchanged on edit. */
  showScoreOnSubmit: z.boolean({ error: 'showScoreOnSubmit must be true or false' }).optional(),
  shuffleQuestions: z.boolean({ error: 'shuffleQuestions must be true or false' }).optional(),
  shuffleChoices: z.boolean({ error: 'shuffleChoices must be true or false' }).optional(),
  /**
   * Issue 26: free (one clock; the default) or locked (each section its own clock, in order). Both
   * absent on edit: unchanged (then each question's absent `section` keeps its own).
   */
  navigation: z.enum(NAVIGATION_RULES, { error: 'Navigation must be "free" or "locked"' }).optional(),
  sections: z
    .array(sectionInputSchema, { error: 'Sections must be a list' })
    .max(SECTIONS_MAX, `A quiz can have at most ${SECTIONS_MAX} sections`)
    .optional(),
  /** Issue 27: tags the quiz as the paper of that year's exam (null: not one; absent: unchanged on edit). */
  previousYear: z
    .number({ error: 'Previous-year paper must be a year' })
    .int('Previous-year paper must be a year')
    .min(PREVIOUS_YEAR_MIN, `Previous-year paper must be ${PREVIOUS_YEAR_MIN}–${PREVIOUS_YEAR_MAX}`)
    .max(PREVIOUS_YEAR_MAX, `Previous-year paper must be ${PREVIOUS_YEAR_MIN}–${PREVIOUS_YEAR_MAX}`)
    .nullable()
    .optional(),
  questions: z
    .array(questionInputSchema, { error: 'Questions must be a list' })
    .min(QUIZ_QUESTIONS_MIN, `A quiz needs ${QUIZ_QUESTIONS_MIN}–${QUIZ_QUESTIONS_MAX} questions`)
    .refine(
      (list) => list.length <= QUIZ_QUESTIONS_MAX,
      `A quiz needs ${QUIZ_QUESTIONS_MIN}–${QUIZ_QUESTIONS_MAX} questions`,
    ),
});

/** The draft the rules read, or null when a field is mistyped (its own schema reports that). */
function asDraft(q: unknown): QuestionDraft | null {
  if (typeof q !== 'object' || q === null) return null;
  const { qn, ansIndex, type, numericAnswer, tolerance, qnHi, choicesHi, explanationHi } = q as Record<
    string,
    unknown
  >;
  const optionalText = (v: unknown) => v === undefined || v === null || typeof v === 'string';
  const choices = (q as Record<string, unknown>).choices ?? [];
  const text = (v: unknown) => (typeof v === 'number' ? String(v) : v);
  const numberish = (v: unknown) => v === undefined || v === null || typeof v === 'string';
  if (
    typeof qn !== 'string' ||
    !Array.isArray(choices) ||
    !choices.every((c) => typeof c === 'string') ||
    (ansIndex !== undefined && typeof ansIndex !== 'number') ||
    !numberish(text(numericAnswer)) ||
    !numberish(text(tolerance)) ||
    !optionalText(qnHi) ||
    !optionalText(explanationHi) ||
    !(
      choicesHi === undefined ||
      choicesHi === null ||
      (Array.isArray(choicesHi) && choicesHi.every((c) => typeof c === 'string'))
    )
  )
    return null;
  return {
    ...(q as QuestionDraft),
    choices: choices as string[],
    ansIndex: typeof ansIndex === 'number' ? ansIndex : -1,
    ...(type === 'numeric' && {
      numericAnswer: text(numericAnswer) as string | null | undefined,
      tolerance: text(tolerance) as string | null | undefined,
    }),
  };
}

/**
 * Sections (ADR 022): with any, every question names one of them; a locked quiz needs sections,
 * each with its own time (the quiz's duration is then their sum); a free quiz's sections have none.
 */
function sectionRules(
  quiz: { questions: unknown; sections?: unknown; navigation?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (!Array.isArray(quiz.sections)) return;
  const sections = quiz.sections as unknown[];
  const locked = quiz.navigation === 'locked';
  if (locked && sections.length === 0)
    ctx.addIssue({ code: 'custom', path: ['sections'], message: 'A locked quiz needs at least one section' });
  sections.forEach((s, i) => {
    const duration =
      typeof s === 'object' && s !== null ? (s as Record<string, unknown>).duration : undefined;
    const timed = duration !== undefined && duration !== null;
    if (locked && !timed)
      ctx.addIssue({
        code: 'custom',
        path: ['sections', i],
        message: `Section ${i + 1} needs its own time in a locked quiz`,
      });
    if (!locked && timed)
      ctx.addIssue({
        code: 'custom',
        path: ['sections', i],
        message: `Section ${i + 1}: only a locked quiz times its sections`,
      });
  });
  if (!Array.isArray(quiz.questions)) return;
  quiz.questions.forEach((q: unknown, i) => {
    const section = typeof q === 'object' && q !== null ? (q as Record<string, unknown>).section : undefined;
    const named = typeof section === 'number';
    if (sections.length > 0 && (!named || section >= sections.length))
      ctx.addIssue({
        code: 'custom',
        path: ['questions', i],
        message: `Question ${i + 1} needs one of the quiz's sections`,
      });
    if (sections.length === 0 && named)
      ctx.addIssue({
        code: 'custom',
        path: ['questions', i],
        message: `Question ${i + 1}: the quiz has no sections`,
      });
  });
}

/**
 * The rules across fields (start before end, each question's rules). Its fields accept anything,
 * so these checks run even when a field above is missing or mistyped (zod skips an object's own
 * refinements then). It contributes nothing to the parsed value.
 */
const quizCrossFieldRules = z
  .object({
    startTimeStamp: z.unknown(),
    endTimeStamp: z.unknown(),
    questions: z.unknown(),
    sections: z.unknown().optional(),
    navigation: z.unknown().optional(),
  })
  .superRefine((quiz, ctx) => {
    sectionRules(quiz, ctx);
    const start = typeof quiz.startTimeStamp === 'string' ? Date.parse(quiz.startTimeStamp) : NaN;
    const end = typeof quiz.endTimeStamp === 'string' ? Date.parse(quiz.endTimeStamp) : NaN;
    if (Number.isFinite(start) && Number.isFinite(end) && start >= end) {
      ctx.addIssue({ code: 'custom', path: ['endTimeStamp'], message: 'Start time must be before end time' });
    }
    if (!Array.isArray(quiz.questions)) return;
    quiz.questions.forEach((q: unknown, i) => {
      // A question with a mistyped field is reported by its own schema.
      const draft = asDraft(q);
      if (!draft) return;
      for (const message of questionViolations(draft, `Question ${i + 1}`)) {
        ctx.addIssue({ code: 'custom', path: ['questions', i], message });
      }
    });
  })
  .transform(() => ({}));

/**
 * `POST /quizzes` and `PUT /quizzes/:id`. Every broken rule is listed in one 400: the field rules
 * and the cross-field rules are checked side by side.
 */
export const quizInputSchema = z.intersection(quizFieldsSchema, quizCrossFieldRules);
export type QuizInput = z.input<typeof quizInputSchema>;
export type QuizInputParsed = z.output<typeof quizInputSchema>;
