import { DownloadPosterButton } from '../../features/poster/components/download-poster-button';
import { QuizSubmittedPage } from '../../features/quizzes/components/quiz-submitted-page';

export function Component() {
  return <QuizSubmittedPage actions={<DownloadPosterButton variant="secondary" />} />;
}
