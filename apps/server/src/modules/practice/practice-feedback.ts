import type { AttemptQuestion } from '@quizcast/contract/schemas/quiz';
import type { PracticeFeedback, PracticeOfflineKey } from '@quizcast/contract/schemas/practice';
import { questionAudioUrl } from '@quizcast/contract/schemas/question-audio';
import { participantTexts } from '../../lib/question-texts';
import { markableQuestion, markAnswer, type MarkingScheme } from '../marking/marking';
import type { PracticeQuestionRow } from './practice-questions';

/**
 * What a practice shows of its questions (ADR 024). Every function here takes only questions the
 * repository returned as visible (a practisable quiz, unlocked for the learner), so an answer or an
 * explanation is never built for any other.
 */

/** A question as the runner shows it: no answer, no explanation (like a contest attempt's). */
export function practiceQuestion(q: PracticeQuestionRow): AttemptQuestion {
  return {
    _id: q.id,
    qn: q.qn,
    choices: q.choices,
    lang: q.lang,
    audioUrl: q.audioKey ? questionAudioUrl(q.audioKey) : null,
    ...(q.type === 'numeric' && { type: q.type }),
    ...participantTexts({ ...q, explanationHi: null }, false),
  };
}

/** One answer judged by marking's rule, with the right answer and the explanation. */
export function feedbackFor(
  q: PracticeQuestionRow,
  selectedOption: string | null | undefined,
  scheme?: MarkingScheme,
): PracticeFeedback {
  const mark = markAnswer(markableQuestion(q), selectedOption, scheme);
  return {
    qnId: q.id,
    outcome: mark.outcome,
    correctAnswer: q.type === 'numeric' ? (q.numericAnswer ?? '') : (q.choices[q.ansIndex] ?? ''),
    explanation: q.explanation,
    ...participantTexts(q, true),
  };
}

/**
 * The daily five's key while it runs (issue 28): for each choice question, every choice's outcome by
 * marking's rule and the feedback it shows, so the device gives instant feedback offline. Only the
 * daily five, whose questions are of published quizzes (ADR 024); numeric questions wait for the server.
 */
export function offlineKeyFor(
  attempt: { kind: string; status: string },
  questions: readonly PracticeQuestionRow[],
  scheme?: MarkingScheme,
): PracticeOfflineKey[] | undefined {
  if (attempt.kind !== 'daily_five' || attempt.status !== 'in_progress') return undefined;
  return questions
    .filter((q) => q.type !== 'numeric')
    .map((q) => {
      const { qnId, outcome: _outcome, ...feedback } = feedbackFor(q, null, scheme);
      const outcomes = Object.fromEntries(
        q.choices.map((c) => [c, markAnswer(markableQuestion(q), c, scheme).outcome]),
      );
      return { qnId, outcomes, feedback };
    });
}
