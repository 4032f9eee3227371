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

export type TextLang = 'en' | 'hi';

/** A question's texts in one language, as a screen shows them. */
export interface ShownText {
  lang: TextLang;
  qn: string;
  choices: string[];
  explanation: string | null;
  /** The explanation's own language: a Hindi version without one shows the question's own explanation. */
  explanationLang: TextLang;
  math: QuestionMath | null;
}

/**
 * The texts to show: the Hindi version when asked for and present, else the question's own.
 * Choices keep their positions, so the selected answer stays the question's own choice text.
 */
export function shownText(
  q: {
    qn: string;
    choices: string[];
    lang?: TextLang;
    explanation?: string | null;
    math?: QuestionMath | null;
    hi?: HindiText | null;
  },
  want: TextLang,
): ShownText {
  const own: ShownText = {
    lang: q.lang ?? 'en',
    qn: q.qn,
    choices: q.choices,
    explanation: q.explanation ?? null,
    explanationLang: q.lang ?? 'en',
    math: q.math ?? null,
  };
  if (want !== 'hi' || !q.hi || q.hi.choices.length !== q.choices.length) return own;
  const hiMath = q.hi.math ?? null;
  if (q.hi.explanation || !own.explanation) {
    return {
      lang: 'hi',
      qn: q.hi.qn,
      choices: q.hi.choices,
      explanation: q.hi.explanation ?? null,
      explanationLang: 'hi',
      math: hiMath,
    };
  }
  return {
    lang: 'hi',
    qn: q.hi.qn,
    choices: q.hi.choices,
    explanation: own.explanation,
    explanationLang: own.lang,
    math: {
      qn: hiMath?.qn ?? null,
      choices: hiMath?.choices ?? [],
      explanation: own.math?.explanation ?? null,
    },
  };
}

/** What Listen reads: each text's spoken form where it has formulas. */
export function spokenText(shown: ShownText): { qn: string; choices: string[]; explanation: string | null } {
  return {
    qn: shown.math?.qn?.speech ?? shown.qn,
    choices: shown.choices.map((c, i) => shown.math?.choices[i]?.speech ?? c),
    explanation: shown.math?.explanation?.speech ?? shown.explanation,
  };
}
