import { lazy, Suspense } from 'react';
import { QuizListPage } from '../../features/quizzes/components/quiz-list-page';

// Loaded after the list: the quiz list's first load keeps within its size budget (ADR 013).
const StreakCard = lazy(() =>
  import('../../features/streak/components/streak-card').then((m) => ({ default: m.StreakCard })),
);

const DailyFiveCard = lazy(() =>
  import('../../features/daily-five/components/daily-five-card').then((m) => ({
    default: m.DailyFiveCard,
  })),
);

/** The quiz list with today's five (until done) and the learner's streak (issue 28) above it. */
export function Component() {
  return (
    <QuizListPage
      top={
        <Suspense fallback={null}>
          <DailyFiveCard />
          <StreakCard />
        </Suspense>
      }
    />
  );
}
