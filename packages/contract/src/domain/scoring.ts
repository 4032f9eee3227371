import { POINTS_PER_CORRECT_ANSWER } from '../constants';
import { numericAnswerMatches, type QuestionType } from './numeric-answer';

export interface MarkingScheme {
  /** Points for a correct answer (default 1). */
  correct: number;
  /** Points taken away for a wrong answer (default 0); unanswered is always 0. */
  wrong: number;
}

export const DEFAULT_MARKING: MarkingScheme = { correct: POINTS_PER_CORRECT_ANSWER, wrong: 0 };

export interface ScorableQuestion {
  id: string;
  choices: string[];
  ansIndex: number;
  /** Dropped after publication (key correction): scores nothing for anyone. */
  dropped?: boolean;
  /** 'numeric': no choices; the answer is `numericAnswer` ± `tolerance` (absent: 'mcq'). */
  type?: QuestionType;
  numericAnswer?: string | null;
  tolerance?: string | null;
}

/** Whether one saved answer (a choice's text, or a number's text) is right for the question. */
export function isAnswerCorrect(q: ScorableQuestion, selectedOption: string | null | undefined): boolean {
  if (q.dropped || selectedOption == null) return false;
  if (q.type === 'numeric') return numericAnswerMatches(selectedOption, q.numericAnswer, q.tolerance);
  return q.choices[q.ansIndex] === selectedOption;
}

export interface SubmittedAnswer {
  qnId: string;
  selectedOption?: string | null;
}

export interface ScoredAnswer {
  qnId: string;
  selectedOption: string | null;
  isCorrect: boolean;
}

export interface AttemptScore {
  score: number;
  correctCount: number;
  wrongCount: number;
  answers: ScoredAnswer[];
}

/** Score an attempt: one entry per question, in question order; answers to unknown questions are ignored. */
export function scoreAttempt(
  questions: ScorableQuestion[],
  submitted: SubmittedAnswer[],
  marking: MarkingScheme = DEFAULT_MARKING,
): AttemptScore {
  const byQuestion = new Map(submitted.map((a) => [a.qnId, a.selectedOption ?? null]));
  let correctCount = 0;
  let wrongCount = 0;
  const answers = questions.map((q) => {
    const selectedOption = byQuestion.get(q.id) ?? null;
    const isCorrect = isAnswerCorrect(q, selectedOption);
    if (isCorrect) correctCount += 1;
    else if (selectedOption !== null && !q.dropped) wrongCount += 1;
    return { qnId: q.id, selectedOption, isCorrect };
  });
  const raw = correctCount * marking.correct - wrongCount * marking.wrong;
  return { score: Math.round(raw * 100) / 100, correctCount, wrongCount, answers };
}
