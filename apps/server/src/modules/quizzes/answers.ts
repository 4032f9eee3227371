import { canonicalNumber, NOT_A_NUMBER_MESSAGE } from '@quizcast/contract/domain/numeric-answer';
import type { Answer } from '@quizcast/contract/schemas/quiz';
import type { SavedAnswer } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import type { ScoringQuestion } from './quiz.repository';

/** The 400 for text that is not a number given to a numeric question (nothing of the save is kept). */
export const numericAnswerRefused = (qnId: string) =>
  `Question ${qnId} needs a number: ${NOT_A_NUMBER_MESSAGE}`;

/**
 * Every answer must name a question of this quiz and one of its choices, or for a numeric question a
 * number (or be unanswered);
 * otherwise 400 listing each problem. Entries are kept as sent (with their palette state, time and
 * seq); merging them, duplicates included, is answer-merge's job.
 */
export function normalizeAnswers(questions: ScoringQuestion[], answers: Answer[]): SavedAnswer[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const problems: string[] = [];
  const result: SavedAnswer[] = [];
  for (const answer of answers) {
    const question = byId.get(answer.qnId);
    if (!question) {
      problems.push(`Unknown question: ${answer.qnId}`);
      continue;
    }
    let selected = answer.selectedOption ?? null;
    if (question.type === 'numeric' && selected !== null) {
      // Issue 12: a numeric answer is saved as its canonical number text ("2.50" → "2.5").
      selected = canonicalNumber(selected);
      if (selected === null) {
        problems.push(numericAnswerRefused(answer.qnId));
        continue;
      }
    } else if (selected !== null && !question.choices.includes(selected)) {
      problems.push(`Invalid option for question ${answer.qnId}`);
      continue;
    }
    result.push({
      qnId: answer.qnId,
      selectedOption: selected,
      ...(answer.markedForReview !== undefined && { markedForReview: answer.markedForReview }),
      ...(answer.visited !== undefined && { visited: answer.visited }),
      ...(answer.timeSpentMs !== undefined && { timeSpentMs: answer.timeSpentMs }),
      ...(answer.seq !== undefined && { seq: answer.seq }),
    });
  }
  if (problems.length) throw badRequest(problems.length === 1 ? problems[0]! : [...new Set(problems)]);
  return result;
}
