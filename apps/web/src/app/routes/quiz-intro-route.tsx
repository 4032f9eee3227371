import { UnlockQuiz } from '../../features/payments/components/unlock-quiz';
import { QuizIntroPage, type RenderUnlock } from '../../features/quizzes/components/quiz-intro-page';

/** The intro's unlock slot: Payments' Unlock button and payment dialog (features never import each other). */
const renderUnlock: RenderUnlock = (quiz, onUnlocked) => <UnlockQuiz quiz={quiz} onUnlocked={onUnlocked} />;

export function Component() {
  return <QuizIntroPage renderUnlock={renderUnlock} />;
}
