import { DownloadPosterButton } from '../../features/poster/components/download-poster-button';
import { QuizSubmittedPage } from '../../features/quizzes/components/quiz-submitted-page';
import { RemindersOffer } from '../../features/reminders/components/reminders-offer';

/** After a submit: the poster, and "Turn reminders on" where this browser can get them (issue 28). */
export function Component() {
  return (
    <QuizSubmittedPage
      actions={
        <div className="flex flex-col items-center gap-4">
          <DownloadPosterButton variant="secondary" />
          <RemindersOffer />
        </div>
      }
    />
  );
}
