import { ShareResultButton } from '../../features/challenges/components/share-result-button';
import { DownloadPosterButton } from '../../features/poster/components/download-poster-button';
import { QuizSummaryPage } from '../../features/results/components/quiz-summary-page';
import { AddToReviewButton } from '../../features/review/components/add-to-review-button';

/** The participation poster and "Share result" (issue 28) among the summary's actions. */
const actions = (
  <div className="space-y-4">
    <DownloadPosterButton />
    <ShareResultButton />
  </div>
);

/** Each reviewed question's "Add to my review" (Review feature) on the Results summary. */
const addToReview = (questionId: string) => <AddToReviewButton questionId={questionId} />;

export function Component() {
  return <QuizSummaryPage actions={actions} questionAction={addToReview} />;
}
