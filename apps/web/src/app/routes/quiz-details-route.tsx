import {
  QuizDetailsPage,
  type QuizDetailsSlots,
} from '../../features/authoring/components/quiz-details-page';
import { ItemAnalysisPanel } from '../../features/item-analysis/components/item-analysis-panel';
import { ExtraTimePanel } from '../../features/students/components/extra-time-panel';
import { ParticipantsTable } from '../../features/students/components/participants-table';

/** A quiz's details (Authoring) with its participants (Students) and item analysis (features never import each other). */
const slots: QuizDetailsSlots = {
  renderParticipants: (quizId) => (
    <>
      <ExtraTimePanel quizId={quizId} />
      <ParticipantsTable quizId={quizId} />
    </>
  ),
  renderItemAnalysis: (quizId, published) => <ItemAnalysisPanel quizId={quizId} published={published} />,
};

export function Component() {
  return <QuizDetailsPage {...slots} />;
}
