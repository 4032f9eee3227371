import { EXAM_FAMILIES } from '../constants';

/**
 * What "ranked", "paid" and "practice" mean for a quiz (ADR 014), from fields quizzes already have:
 * - paid: price above 0;
 * - ranked: set for an exam family (UPSC, SSC, Banking, NEET, JEE), whose leaderboard aspirants
 *   compete on;
 * - practice: free and not tied to an exam family (exam "Other").
 */
export interface QuizKind {
  /** Rupees (or paise: only "above 0" matters). */
  price: number;
  exam: string;
}

export const isPaidQuiz = (quiz: QuizKind): boolean => quiz.price > 0;
export const isRankedQuiz = (quiz: QuizKind): boolean =>
  (EXAM_FAMILIES as readonly string[]).includes(quiz.exam);
export const isPracticeQuiz = (quiz: QuizKind): boolean => !isPaidQuiz(quiz) && !isRankedQuiz(quiz);

export interface QuizIntegrityOptions {
  /** The submit response carries score, maximum and answered count. */
  showScoreOnSubmit: boolean;
  /** Each learner sees the questions in their own (stable) order. */
  shuffleQuestions: boolean;
  /** Each learner sees each question's choices in their own (stable) order. */
  shuffleChoices: boolean;
}

/**
 * Defaults for a new quiz: the score on submit only for practice quizzes (on ranked or paid ones it
 * is an answer-key oracle while the window is open); shuffling on for paid quizzes (answer sharing).
 */
export function quizIntegrityDefaults(quiz: QuizKind): QuizIntegrityOptions {
  return {
    showScoreOnSubmit: isPracticeQuiz(quiz),
    shuffleQuestions: isPaidQuiz(quiz),
    shuffleChoices: isPaidQuiz(quiz),
  };
}
