import { z } from 'zod';

/**
 * Bilingual questions and math (issue 12, ADR 019). A question's own text (`qn`, `choices`,
 * `explanation`, in its `lang`) may carry a Hindi version, and any text may hold TeX between `$…$`
 * (inline) or `$$…$$` (display). The server renders formulas to MathML when the quiz is saved and
 * stores, for each text with a formula, its HTML (escaped text + MathML) and a spoken form in that
 * text's language. Answers are always the choice text of the question's own language.
 */

/** One text with formulas, as the server rendered it. */
export const mathTextSchema = z.object({
  /** Escaped text and Temml's MathML: safe to insert as HTML. */
  html: z.string(),
  /** What Listen and audio mode say ("x squared plus 2 x"). */
  speech: z.string(),
});
export type MathText = z.infer<typeof mathTextSchema>;

/** The rendered forms of one language's texts; null where a text has no formula. */
export const questionMathSchema = z.object({
  qn: mathTextSchema.nullable(),
  choices: z.array(mathTextSchema.nullable()),
  explanation: mathTextSchema.nullable().optional(),
});
export type QuestionMath = z.infer<typeof questionMathSchema>;

/** The Hindi version of a question (same number and order of choices). */
export const hindiTextSchema = z.object({
  qn: z.string(),
  choices: z.array(z.string()),
  explanation: z.string().nullable().optional(),
  math: questionMathSchema.nullable().optional(),
});
export type HindiText = z.infer<typeof hindiTextSchema>;

/** What a participant-facing question adds: its formulas and its Hindi version (both optional). */
export const questionTextFields = {
  math: questionMathSchema.nullable().optional(),
  hi: hindiTextSchema.nullable().optional(),
};

/** The same before publication: no explanation in either language. */
const hindiTextNoExplanation = hindiTextSchema.omit({ explanation: true }).extend({
  math: questionMathSchema.omit({ explanation: true }).nullable().optional(),
});
export const attemptTextFields = {
  math: questionMathSchema.omit({ explanation: true }).nullable().optional(),
  hi: hindiTextNoExplanation.nullable().optional(),
};

export type { TextLang, ShownText } from '../domain/question-text';
