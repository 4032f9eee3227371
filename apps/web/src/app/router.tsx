import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { AdminOnly } from '../features/admin/components/admin-only';
import { LoginPage } from '../features/auth/components/login-page';
import { RegisterPage } from '../features/auth/components/register-page';
import { LandingPage } from '../features/landing/components/landing-page';
import { PaymentsPage } from '../features/payments/components/payments-page';
import { UnlockQuiz } from '../features/payments/components/unlock-quiz';
import { EditProfilePage } from '../features/profile/components/edit-profile-page';
import { ProfilePage } from '../features/profile/components/profile-page';
import { QuizAttemptPage } from '../features/quizzes/components/quiz-attempt-page';
import { QuizIntroPage, type RenderUnlock } from '../features/quizzes/components/quiz-intro-page';
import { QuizListPage } from '../features/quizzes/components/quiz-list-page';
import { QuizSubmittedPage } from '../features/quizzes/components/quiz-submitted-page';
import { DownloadPosterButton } from '../features/poster/components/download-poster-button';
import { QuizSummaryPage } from '../features/results/components/quiz-summary-page';
import { SignedInLayout } from './layouts/signed-in-layout';
import { NotFoundPage } from './not-found-page';

// Admin screens load on demand: participants on slow phones never download them.
const AdminQuizzesPage = lazy(() =>
  import('../features/admin/components/admin-quizzes-page').then((m) => ({ default: m.AdminQuizzesPage })),
);
const CreateQuizPage = lazy(() =>
  import('../features/admin/components/quiz-editor').then((m) => ({ default: m.CreateQuizPage })),
);
const EditQuizPage = lazy(() =>
  import('../features/admin/components/quiz-editor').then((m) => ({ default: m.EditQuizPage })),
);
const QuizDetailsPage = lazy(() =>
  import('../features/admin/components/quiz-details-page').then((m) => ({ default: m.QuizDetailsPage })),
);
const StudentsPage = lazy(() =>
  import('../features/admin/components/students-page').then((m) => ({ default: m.StudentsPage })),
);
const StudentDetailPage = lazy(() =>
  import('../features/admin/components/student-detail-page').then((m) => ({ default: m.StudentDetailPage })),
);

/** The intro's unlock slot: Payments' Unlock button and payment dialog (features never import each other). */
const renderUnlock: RenderUnlock = (quiz, onUnlocked) => <UnlockQuiz quiz={quiz} onUnlocked={onUnlocked} />;

export const router = createBrowserRouter([
  { path: WEB_ROUTES.root, element: <LandingPage /> },
  { path: WEB_ROUTES.login, element: <LoginPage /> },
  { path: WEB_ROUTES.register, element: <RegisterPage /> },
  {
    element: <SignedInLayout />,
    children: [
      { path: WEB_ROUTES.quizzes, element: <QuizListPage /> },
      { path: `${WEB_ROUTES.quizIntro}/:quizId`, element: <QuizIntroPage renderUnlock={renderUnlock} /> },
      { path: `${WEB_ROUTES.quizIntroAlt}/:quizId`, element: <QuizIntroPage renderUnlock={renderUnlock} /> },
      { path: WEB_ROUTES.quizAttend, element: <QuizAttemptPage /> },
      {
        path: WEB_ROUTES.quizSubmitted,
        element: <QuizSubmittedPage actions={<DownloadPosterButton variant="secondary" />} />,
      },
      {
        path: `${WEB_ROUTES.quizSummary}/:quizId`,
        element: <QuizSummaryPage actions={<DownloadPosterButton />} />,
      },
      { path: WEB_ROUTES.profile, element: <ProfilePage /> },
      { path: WEB_ROUTES.editProfile, element: <EditProfilePage /> },
      { path: WEB_ROUTES.payment, element: <PaymentsPage /> },
      {
        element: <AdminOnly />,
        children: [
          { path: WEB_ROUTES.adminQuizzes, element: <AdminQuizzesPage /> },
          { path: WEB_ROUTES.createQuiz, element: <CreateQuizPage /> },
          { path: WEB_ROUTES.editQuiz, element: <Navigate to={WEB_ROUTES.adminQuizzes} replace /> },
          { path: `${WEB_ROUTES.editQuiz}/:id`, element: <EditQuizPage /> },
          { path: `${WEB_ROUTES.quizDetails}/:quizId`, element: <QuizDetailsPage /> },
          { path: WEB_ROUTES.participants, element: <StudentsPage /> },
          { path: `${WEB_ROUTES.participants}/:studentId`, element: <StudentDetailPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
