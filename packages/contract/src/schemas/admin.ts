import { z } from 'zod';
import { EDUCATION_LEVELS, EXAM_FAMILIES } from '../constants';
import { canonicalNumber, QUESTION_TYPES, type QuestionType } from '../domain/numeric-answer';

/**
 * Admin API (issue 7): authoring quizzes, bulk import, participants and results.
 * Prices travel in rupees here (0 = free); the server stores paise.
 */

export const QUIZ_NAME_MIN = 3;
export const QUIZ_NAME_MAX = 200;
export const QUIZ_DESC_MAX = 2000;
export const QUIZ_DURATION_MIN = 1;
export const QUIZ_DURATION_MAX = 300;
export const QUIZ_QUESTIONS_MIN = 1;
export const QUIZ_QUESTIONS_MAX = 200;
export const QUESTION_TEXT_MAX = 2000;
export const CHOICES_MIN = 2;
export const CHOICES_MAX = 6;
export const CHOICE_TEXT_MAX = 500;
export const EXPLANATION_MAX = 2000;
export const TOPIC_MAX = 60;
export const INSTRUCTIONS_MAX = 20;
export const INSTRUCTION_TEXT_MAX = 500;
export const PRICE_MAX_RUPEES = 100_000;
export const MARK_MAX = 100;
export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_PAGE_MAX = 100;
export const IMPORT_FILE_MAX_BYTES = 1024 * 1024;

/** "Other" lets an admin publish a general quiz that is not tied to one exam family. */
export const QUIZ_EXAMS = [...EXAM_FAMILIES, 'Other'] as const;
export const QUESTION_LANGS = ['en', 'hi'] as const;
export type QuestionLang = (typeof QUESTION_LANGS)[number];

/** Letters used for choices everywhere an admin sees them (A–F). */
export const CHOICE_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

// ---------------------------------------------------------------------------------------------
// Question rules (shared by the quiz body, the CSV/Aiken import and the web editor)
// ---------------------------------------------------------------------------------------------

export interface QuestionDraft {
  qn: string;
  choices: string[];
  ansIndex: number;
  explanation?: string | null;
  /** Optional subject area for analytics, e.g. "Modern History". */
  topic?: string | null;
  /** 'numeric' (issue 12): no choices; `numericAnswer` ± `tolerance` is the answer. Absent: 'mcq'. */
  type?: QuestionType;
  numericAnswer?: string | null;
  tolerance?: string | null;
  lang?: QuestionLang;
  /** Optional Hindi version (issue 12): question, every choice (same order), explanation. */
  qnHi?: string | null;
  choicesHi?: string[] | null;
  explanationHi?: string | null;
}

/** The rules of a numeric question's answer and tolerance (editor, CSV import and API alike). */
export function numericAnswerViolations(
  q: Pick<QuestionDraft, 'numericAnswer' | 'tolerance' | 'choices'>,
  label: string,
): string[] {
  const problems: string[] = [];
  const answer = q.numericAnswer?.trim() ?? '';
  if (!answer) problems.push(`${label}: the answer is required`);
  else if (canonicalNumber(answer) === null)
    problems.push(`${label}: the answer must be a number, like 12 or -3.5`);
  const tolerance = q.tolerance?.trim() ?? '';
  if (tolerance && (canonicalNumber(tolerance) === null || tolerance.startsWith('-')))
    problems.push(`${label}: the tolerance must be a number of 0 or more, like 0.01`);
  if (q.choices.length) problems.push(`${label}: a numeric question has no choices`);
  return problems;
}

/** True when the draft carries any Hindi-version text. */
export function hasHindiVersion(q: Pick<QuestionDraft, 'qnHi' | 'choicesHi' | 'explanationHi'>): boolean {
  return Boolean(q.qnHi?.trim() || q.choicesHi?.some((c) => c.trim()) || q.explanationHi?.trim());
}

/** The rules of the Hindi version: all of question and choices, or nothing. */
function hindiViolations(q: QuestionDraft, label: string): string[] {
  if (!hasHindiVersion(q)) return [];
  const problems: string[] = [];
  if (q.lang === 'hi') problems.push(`${label}: a Hindi question cannot have a second Hindi version`);
  if (!q.qnHi?.trim())
    problems.push(`${label}: the Hindi question text is required when it has Hindi choices`);
  else if (q.qnHi.length > QUESTION_TEXT_MAX)
    problems.push(`${label}: Hindi question text must be at most ${QUESTION_TEXT_MAX} characters`);
  const hi = q.choicesHi ?? [];
  if (hi.length !== q.choices.length) {
    problems.push(
      `${label}: needs a Hindi text for each of its ${q.choices.length} choices (has ${hi.length})`,
    );
  }
  hi.forEach((choice, i) => {
    const letter = CHOICE_LETTERS[i] ?? String(i + 1);
    if (!choice.trim()) problems.push(`${label}: Hindi choice ${letter} is empty`);
    else if (choice.length > CHOICE_TEXT_MAX)
      problems.push(`${label}: Hindi choice ${letter} must be at most ${CHOICE_TEXT_MAX} characters`);
  });
  if (q.explanationHi && q.explanationHi.length > EXPLANATION_MAX)
    problems.push(`${label}: Hindi explanation must be at most ${EXPLANATION_MAX} characters`);
  return problems;
}

/**
 * Every rule a question breaks, each message starting with `label` ("Question 3" or "Line 12"):
 * non-empty text, 2–6 distinct non-empty choices, the answer one of them.
 */
export function questionViolations(q: QuestionDraft, label: string): string[] {
  const problems: string[] = [];
  if (!q.qn.trim()) problems.push(`${label}: question text is required`);
  else if (q.qn.length > QUESTION_TEXT_MAX)
    problems.push(`${label}: question text must be at most ${QUESTION_TEXT_MAX} characters`);

  if (q.type === 'numeric') {
    problems.push(...numericAnswerViolations(q, label));
  } else {
    problems.push(...choiceViolations(q, label));
  }
  if (q.explanation && q.explanation.length > EXPLANATION_MAX)
    problems.push(`${label}: explanation must be at most ${EXPLANATION_MAX} characters`);
  if (typeof q.topic === 'string' && q.topic.trim().length > TOPIC_MAX)
    problems.push(`${label}: topic must be at most ${TOPIC_MAX} characters`);
  problems.push(...hindiViolations(q, label));
  return problems;
}

/** 2–6 distinct non-empty choices, the answer one of them. */
function choiceViolations(q: QuestionDraft, label: string): string[] {
  const problems: string[] = [];

  if (q.choices.length < CHOICES_MIN || q.choices.length > CHOICES_MAX) {
    problems.push(`${label}: needs ${CHOICES_MIN}–${CHOICES_MAX} choices (has ${q.choices.length})`);
  }
  const seen = new Map<string, number>();
  q.choices.forEach((choice, i) => {
    const letter = CHOICE_LETTERS[i] ?? String(i + 1);
    const key = choice.trim().toLowerCase();
    if (!key) {
      problems.push(`${label}: choice ${letter} is empty`);
      return;
    }
    if (choice.length > CHOICE_TEXT_MAX)
      problems.push(`${label}: choice ${letter} must be at most ${CHOICE_TEXT_MAX} characters`);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push(
        `${label}: choices must be distinct (${CHOICE_LETTERS[first] ?? first + 1} and ${letter} are both "${choice.trim()}")`,
      );
    } else {
      seen.set(key, i);
    }
  });
  if (!Number.isInteger(q.ansIndex) || q.ansIndex < 0 || q.ansIndex >= q.choices.length) {
    problems.push(`${label}: the correct answer must be one of its choices`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------------------------

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
 * The rules across fields (start before end, each question's rules). Its fields accept anything,
 * so these checks run even when a field above is missing or mistyped (zod skips an object's own
 * refinements then). It contributes nothing to the parsed value.
 */
const quizCrossFieldRules = z
  .object({ startTimeStamp: z.unknown(), endTimeStamp: z.unknown(), questions: z.unknown() })
  .superRefine((quiz, ctx) => {
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

export const idParamSchema = z.object({ id: z.uuid({ error: 'Unknown id' }) });

export const adminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit must be 1–${ADMIN_PAGE_MAX}`)
    .max(ADMIN_PAGE_MAX, `limit must be 1–${ADMIN_PAGE_MAX}`)
    .default(ADMIN_PAGE_SIZE),
  searchTerm: z.string().trim().max(100, 'searchTerm must be at most 100 characters').optional(),
});
export type AdminPageQuery = z.input<typeof adminPageQuerySchema>;

export const importQuerySchema = z.object({
  /** `append` (default) adds after the existing questions; `replace` swaps them all. */
  mode: z.enum(['append', 'replace']).default('append'),
  /** Usually guessed from the file name (.csv / .txt) and content. */
  format: z.enum(['csv', 'aiken']).optional(),
});

export const previewImportQuerySchema = importQuerySchema.pick({ format: true });

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const ADMIN_QUIZ_STATUSES = ['draft', 'upcoming', 'live', 'ended'] as const;
export type AdminQuizStatus = (typeof ADMIN_QUIZ_STATUSES)[number];

export const adminQuestionSchema = z.object({
  _id: z.string(),
  qn: z.string(),
  choices: z.array(z.string()),
  ansIndex: z.number().int(),
  explanation: z.string().nullable(),
  lang: z.enum(QUESTION_LANGS),
  topic: z.string().nullable(),
  qnHi: z.string().nullable(),
  choicesHi: z.array(z.string()).nullable(),
  explanationHi: z.string().nullable(),
  /** The attached recording (played instead of speech), if any. */
  audioUrl: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  /** Numeric questions: the answer and tolerance as exact decimal text; null otherwise. */
  numericAnswer: z.string().nullable(),
  tolerance: z.string().nullable(),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;

const quizFields = {
  _id: z.string(),
  name: z.string(),
  desc: z.string(),
  exam: z.string(),
  class: z.string(),
  duration: z.number().int(),
  startTimeStamp: z.string(),
  endTimeStamp: z.string(),
  /** Rupees (0 = free). */
  price: z.number(),
  published: z.boolean(),
  status: z.enum(ADMIN_QUIZ_STATUSES),
  resultsPublished: z.boolean(),
};

export const adminQuizListItemSchema = z.object({
  ...quizFields,
  questionCount: z.number().int(),
  /** Everyone who started (in progress or submitted). */
  attemptCount: z.number().int(),
  submittedCount: z.number().int(),
});
export type AdminQuizListItem = z.infer<typeof adminQuizListItemSchema>;

export const adminQuizListResponseSchema = z.object({
  quizzes: z.array(adminQuizListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminQuizListResponse = z.infer<typeof adminQuizListResponseSchema>;

export const histogramBinSchema = z.object({
  label: z.string(),
  from: z.number(),
  to: z.number(),
  count: z.number().int(),
});
export type HistogramBin = z.infer<typeof histogramBinSchema>;

export const adminQuizStatsSchema = z.object({
  attempted: z.number().int(),
  inProgress: z.number().int(),
  submitted: z.number().int(),
  averageScore: z.number().nullable(),
  highestScore: z.number().nullable(),
  maxScore: z.number(),
  histogram: z.array(histogramBinSchema),
});
export type AdminQuizStats = z.infer<typeof adminQuizStatsSchema>;

export const adminQuizSchema = z.object({
  ...quizFields,
  markingScheme: z.object({ correct: z.number(), wrong: z.number() }),
  instructions: z.array(z.string()),
  /** The submit response carries the score (ADR 014). */
  showScoreOnSubmit: z.boolean(),
  /** Per-learner question and choice order (ADR 014). */
  shuffleQuestions: z.boolean(),
  shuffleChoices: z.boolean(),
  questions: z.array(adminQuestionSchema),
  /** True once anyone has started: questions, choices, answers, duration and start are frozen. */
  locked: z.boolean(),
  stats: adminQuizStatsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminQuiz = z.infer<typeof adminQuizSchema>;

export const ATTEMPT_STATUSES = ['in_progress', 'submitted', 'auto_submitted'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export const ATTEMPT_STATUS_LABELS: Record<AttemptStatus, string> = {
  in_progress: 'In progress',
  submitted: 'Submitted',
  auto_submitted: 'Auto-submitted',
};

export const quizParticipantSchema = z.object({
  /** The attempt's id. */
  _id: z.string(),
  userId: z.object({ _id: z.string(), name: z.string(), phNo: z.string() }),
  name: z.string(),
  phNo: z.string(),
  score: z.number().nullable(),
  correctCount: z.number().int().nullable(),
  /** Standard competition rank among submitted attempts (score desc, then elapsed time asc). */
  rank: z.number().int().nullable(),
  /** Seconds between start and submission, capped at the duration; null while in progress. */
  elapsedTime: z.number().nullable(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type QuizParticipant = z.infer<typeof quizParticipantSchema>;

export const quizParticipantsResponseSchema = z.object({
  quiz: z.object({ _id: z.string(), name: z.string() }),
  participants: z.array(quizParticipantSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type QuizParticipantsResponse = z.infer<typeof quizParticipantsResponseSchema>;

export const importPreviewResponseSchema = z.object({
  format: z.enum(['csv', 'aiken']),
  questions: z.array(
    z.object({
      qn: z.string(),
      choices: z.array(z.string()),
      ansIndex: z.number().int(),
      explanation: z.string().nullable(),
      lang: z.enum(QUESTION_LANGS).optional(),
      topic: z.string().optional(),
      type: z.enum(QUESTION_TYPES).optional(),
      numericAnswer: z.string().nullable().optional(),
      tolerance: z.string().nullable().optional(),
      qnHi: z.string().optional(),
      choicesHi: z.array(z.string()).optional(),
      explanationHi: z.string().optional(),
    }),
  ),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

export const importResponseSchema = z.object({
  format: z.enum(['csv', 'aiken']),
  imported: z.number().int(),
  questions: z.array(adminQuestionSchema),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;

export const deleteQuizResponseSchema = z.object({ _id: z.string(), deleted: z.literal(true) });

export const adminStudentListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phNo: z.string(),
  email: z.string().nullable(),
  place: z.string(),
  school: z.string().nullable(),
  class: z.string(),
  role: z.enum(['participant', 'admin']),
  profilePicUrl: z.string().nullable(),
  createdAt: z.string(),
  attemptCount: z.number().int(),
});
export type AdminStudentListItem = z.infer<typeof adminStudentListItemSchema>;

export const adminStudentListResponseSchema = z.object({
  students: z.array(adminStudentListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminStudentListResponse = z.infer<typeof adminStudentListResponseSchema>;

/** `GET /students/admin-get-one/:id`: the profile with every attempt and payment, in a `data` envelope. */
export const adminStudentDetailSchema = z.object({
  data: adminStudentListItemSchema.extend({
    updatedAt: z.string(),
    attempts: z.array(
      z.object({
        _id: z.string(),
        quiz: z.object({ _id: z.string(), name: z.string() }),
        status: z.enum(ATTEMPT_STATUSES),
        score: z.number().nullable(),
        rank: z.number().int().nullable(),
        elapsedTime: z.number().nullable(),
        startedAt: z.string(),
        submittedAt: z.string().nullable(),
      }),
    ),
    payments: z.array(
      z.object({
        _id: z.string(),
        quiz: z.object({ _id: z.string(), name: z.string() }),
        orderId: z.string(),
        providerPaymentId: z.string().nullable(),
        /** Rupees charged including GST. */
        amount: z.number(),
        currency: z.string(),
        status: z.enum(['pending', 'success', 'failed']),
        createdAt: z.string(),
      }),
    ),
  }),
});
export type AdminStudentDetail = z.infer<typeof adminStudentDetailSchema>;
