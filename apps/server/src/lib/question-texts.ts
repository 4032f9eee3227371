import type { HindiText, QuestionMath } from '@quizcast/contract/schemas/question-text';
import type { StoredQuestionMath } from '../db/schema';

/**
 * The formulas and the Hindi version of a stored question, as participants receive them (ADR 019).
 * Before publication (`withExplanation: false`) neither language's explanation is included.
 */
export function participantTexts(
  q: {
    math: StoredQuestionMath | null;
    qnHi: string | null;
    choicesHi: string[] | null;
    explanationHi: string | null;
  },
  withExplanation: boolean,
): { math?: QuestionMath; hi?: HindiText } {
  const strip = (m: QuestionMath | null | undefined): QuestionMath | undefined => {
    if (!m) return undefined;
    if (withExplanation) return m;
    return { qn: m.qn, choices: m.choices };
  };
  const out: { math?: QuestionMath; hi?: HindiText } = {};
  const main = strip(q.math?.main);
  if (main) out.math = main;
  if (q.qnHi && q.choicesHi) {
    const hiMath = strip(q.math?.hi);
    out.hi = {
      qn: q.qnHi,
      choices: q.choicesHi,
      ...(withExplanation ? { explanation: q.explanationHi } : {}),
      ...(hiMath ? { math: hiMath } : {}),
    };
  }
  return out;
}
