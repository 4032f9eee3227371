/** Quiz list row status and action (spec section 4). */

export type QuizRowStatus = 'Attended' | 'Time over' | 'Not Attended';

export type QuizRowAction =
  | { kind: 'start'; label: 'Start' }
  | { kind: 'none'; label: '-' }
  | { kind: 'view-details'; label: 'View Details' }
  | { kind: 'wait'; label: 'See details after quiz end' };

export interface QuizRowInput {
  endTimeStamp: string | Date;
  attendedDetails?: unknown;
}

function hasEnded(quiz: QuizRowInput, now: Date): boolean {
  return new Date(quiz.endTimeStamp).getTime() <= now.getTime();
}

export function quizRowStatus(quiz: QuizRowInput, now: Date): QuizRowStatus {
  if (quiz.attendedDetails) return 'Attended';
  return hasEnded(quiz, now) ? 'Time over' : 'Not Attended';
}

export function quizRowAction(quiz: QuizRowInput, now: Date): QuizRowAction {
  const ended = hasEnded(quiz, now);
  if (quiz.attendedDetails) {
    return ended
      ? { kind: 'view-details', label: 'View Details' }
      : { kind: 'wait', label: 'See details after quiz end' };
  }
  return ended ? { kind: 'none', label: '-' } : { kind: 'start', label: 'Start' };
}
