import { CreateQuizPage, EditQuizPage } from '../../features/authoring/components/quiz-editor';
import type { RenderRecording } from '../../features/authoring/components/question-editor';
import { QuestionRecording } from '../../features/recordings/components/question-recording';

/** The editor's recording slot: Recordings' microphone and upload for a saved question (features never import each other). */
const renderRecording: RenderRecording = (question) => <QuestionRecording {...question} />;

export function CreateQuizRoute() {
  return <CreateQuizPage renderRecording={renderRecording} />;
}

export function EditQuizRoute() {
  return <EditQuizPage renderRecording={renderRecording} />;
}
