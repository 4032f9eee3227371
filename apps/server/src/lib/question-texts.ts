import { questionAudioUrl } from '@quizcast/contract/schemas/question-audio';
import type { HindiText, QuestionMath } from '@quizcast/contract/schemas/question-text';
import type { questions, StoredQuestionMath } from '../db/schema';

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

/**
 * A stored question with its key and explanation, as participants receive it once results are
 * published (the summary's questions, a review card): its formulas and Hindi come apart
 * (`participantTexts(q, true)`), after whatever the caller places between them.
 */
export function revealedQuestion(
  q: Pick<
    typeof questions.$inferSelect,
    | 'qn'
    | 'choices'
    | 'ansIndex'
    | 'explanation'
    | 'lang'
    | 'audioKey'
    | 'type'
    | 'numericAnswer'
    | 'tolerance'
  >,
) {
  return {
    qn: q.qn,
    choices: q.choices,
    ansIndex: q.ansIndex,
    explanation: q.explanation,
    lang: q.lang,
    audioUrl: q.audioKey ? questionAudioUrl(q.audioKey) : null,
    ...(q.type === 'numeric' && {
      type: q.type,
      numericAnswer: q.numericAnswer,
      tolerance: q.tolerance,
    }),
  };
}
