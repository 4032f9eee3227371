import { ProgressPage } from '../../features/analytics/components/progress-page';
import { StreakCard } from '../../features/streak/components/streak-card';

/** The progress page with the learner's streak (issue 28) under its title. */
export function Component() {
  return <ProgressPage top={<StreakCard />} />;
}
