import { DownloadPosterButton } from '../../features/poster/components/download-poster-button';
import { QuizSummaryPage } from '../../features/results/components/quiz-summary-page';
import { AddToReviewButton } from '../../features/review/components/add-to-review-button';

/** Each reviewed question's "Add to my review" (Review feature) on the Results summary. */
const addToReview = (questionId: string) => <AddToReviewButton questionId={questionId} />;

export function Component() {
  return <QuizSummaryPage actions={<DownloadPosterButton />} questionAction={addToReview} />;
}
