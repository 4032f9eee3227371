import type { HindiText, QuestionMath } from '../schemas/question-text';

/**
 * Which text of a bilingual question a screen shows and reads (issue 12, ADR 019). No zod here:
 * the attempt screen imports this and must stay small.
 */

export type TextLang = 'en' | 'hi';

/** A question's texts in one language, as a screen shows them. */
export interface ShownText {
  lang: TextLang;
  qn: string;
  choices: string[];
  explanation: string | null;
  /** The explanation's own language (see `withExplanation`). */
  explanationLang: TextLang;
  math: QuestionMath | null;
}

interface TextSource {
  qn: string;
  choices: string[];
  lang?: TextLang;
  explanation?: string | null;
  math?: QuestionMath | null;
  hi?: HindiText | null;
}

/**
 * The texts to show: the Hindi version when asked for and present, else the question's own.
 * Choices keep their positions, so the selected answer stays the question's own choice text.
 */
export function shownText(q: TextSource, want: TextLang): ShownText {
  const hi = want === 'hi' && q.hi?.choices.length === q.choices.length ? q.hi : null;
  const shown = hi ?? q;
  const lang = hi ? 'hi' : (q.lang ?? 'en');
  return {
    lang,
    qn: shown.qn,
    choices: shown.choices,
    explanation: shown.explanation ?? null,
    explanationLang: lang,
    math: shown.math ?? null,
  };
}

/**
 * After publication: a Hindi version without its own explanation shows the question's own one, in
 * its own language and with its formulas.
 */
export function withExplanation(shown: ShownText, q: TextSource): ShownText {
  if (shown.explanation || !q.explanation) return shown;
  return {
    ...shown,
    explanation: q.explanation,
    explanationLang: q.lang ?? 'en',
    math: {
      qn: shown.math?.qn ?? null,
      choices: shown.math?.choices ?? [],
      explanation: q.math?.explanation ?? null,
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
