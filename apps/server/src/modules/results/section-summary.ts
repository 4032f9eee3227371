import type { QuizSummary, SectionResult } from '@quizcast/contract/schemas/result';
import type { AttemptRow } from '../quizzes/attempt.repository';
import { markableQuestion, maximumScore } from '../marking/marking';
import { isLocked, sectionWindows } from '../quizzes/attempt-rules';
import type { QuestionRow, QuizRow } from './results.repository';

/**
 * The summary's section table (issue 26, ADR 022), from the figures publication wrote
 * (`attempts.section_results`, marking's); nothing for a quiz without sections. Only the summary,
 * which answers only after publication, calls it.
 */
export function sectionSummary(
  quiz: QuizRow,
  attempt: AttemptRow,
  questions: QuestionRow[],
): Pick<QuizSummary, 'sections' | 'cutoffCleared'> {
  const stored = attempt.sectionResults;
  if (quiz.sections.length === 0 || !stored) return {};
  const windows = isLocked(quiz) ? sectionWindows(quiz, attempt) : null;
  const end = (attempt.submittedAt ?? attempt.deadlineAt).getTime();
  const quizScheme = { correct: quiz.markCorrect, wrong: quiz.markWrong };
  const marked = questions.map((q) => ({ ...markableQuestion(q), section: q.section }));
  const sections: SectionResult[] = quiz.sections.map((section, i) => {
    const figures = stored[i]!;
    const window = windows?.[i];
    return {
      name: section.name,
      nameHi: section.nameHi,
      questionCount: questions.filter((q) => q.section === i).length,
      maxScore: maximumScore(
        marked.filter((q) => q.section === i),
        quizScheme,
        quiz.sections,
      ),
      score: figures.score,
      correct: figures.correct,
      wrong: figures.wrong,
      attempted: figures.attempted,
      accuracy:
        figures.attempted === 0 ? null : Math.round((figures.correct / figures.attempted) * 10_000) / 100,
      cutoff: section.cutoff,
      cleared: section.cutoff === null ? null : figures.score >= section.cutoff,
      rank: figures.rank,
      timeTakenMs: window
        ? Math.max(0, Math.min(Date.parse(window.closedAt), end) - Date.parse(window.startedAt))
        : null,
    };
  });
  const judged = sections.filter((s) => s.cleared !== null);
  return { sections, cutoffCleared: judged.length === 0 ? null : judged.every((s) => s.cleared) };
}
