import { QuizListPage } from '../../features/quizzes/components/quiz-list-page';
import { StreakCard } from '../../features/streak/components/streak-card';

/** The quiz list with the learner's streak (issue 28) above it. */
export function Component() {
  return <QuizListPage top={<StreakCard />} />;
}
