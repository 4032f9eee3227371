import { createBrowserRouter, type RouteObject } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { AppShell } from './app-shell';
import { RouteErrorPage } from './route-error-page';

/*
 * Every route loads on demand (React Router's `lazy`): the landing page never downloads the quiz
 * screens, a participant never downloads admin. To add a screen, follow the same one-liner:
 *   { path: WEB_ROUTES.x, lazy: () => import('../features/x/components/x-page').then((m) => ({ Component: m.XPage })) },
 * Never import a page at the top of this file: it would land in every screen's first download
 * (the budget check in scripts/check-budgets.mjs fails when a screen grows past its budget).
 */
/** Every screen's error boundary: a plain message, Reload and Back to Quizzes (never the developer page). */
const errorElement = <RouteErrorPage />;

export const routes: RouteObject[] = [
  {
    Component: AppShell,
    errorElement,
    // Shown only while the first screen's code arrives.
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      {
        path: WEB_ROUTES.root,
        lazy: () =>
          import('../features/landing/components/landing-page').then((m) => ({ Component: m.LandingPage })),
      },
      {
        path: WEB_ROUTES.login,
        lazy: () =>
          import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: WEB_ROUTES.accountDeleted,
        lazy: () =>
          import('../features/profile/components/account-deleted-page').then((m) => ({
            Component: m.AccountDeletedPage,
          })),
      },
      {
        path: WEB_ROUTES.register,
        lazy: () =>
          import('../features/auth/components/register-page').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        // A shared result (issue 28): public, its Open Graph tags filled in by the server.
        path: `${WEB_ROUTES.challenge}/:code`,
        lazy: () =>
          import('../features/challenges/components/challenge-page').then((m) => ({
            Component: m.ChallengePage,
          })),
      },
      {
        lazy: () => import('./layouts/signed-in-layout').then((m) => ({ Component: m.SignedInLayout })),
        children: [
          { path: `${WEB_ROUTES.challenge}/:code/try`, lazy: () => import('./routes/challenge-try-route') },
          { path: WEB_ROUTES.quizzes, lazy: () => import('./routes/quiz-list-route') },
          { path: `${WEB_ROUTES.quizIntro}/:quizId`, lazy: () => import('./routes/quiz-intro-route') },
          { path: `${WEB_ROUTES.quizIntroAlt}/:quizId`, lazy: () => import('./routes/quiz-intro-route') },
          {
            path: WEB_ROUTES.quizAttend,
            lazy: () =>
              import('../features/quizzes/components/quiz-attempt-page').then((m) => ({
                Component: m.QuizAttemptPage,
              })),
          },
          { path: WEB_ROUTES.quizSubmitted, lazy: () => import('./routes/quiz-submitted-route') },
          { path: `${WEB_ROUTES.quizSummary}/:quizId`, lazy: () => import('./routes/quiz-summary-route') },
          { path: WEB_ROUTES.profile, lazy: () => import('./routes/profile-route') },
          {
            path: WEB_ROUTES.practice,
            lazy: () =>
              import('../features/practice/components/practice-page').then((m) => ({
                Component: m.PracticePage,
              })),
          },
          {
            path: WEB_ROUTES.dailyFive,
            lazy: () =>
              import('../features/daily-five/components/daily-five-page').then((m) => ({
                Component: m.DailyFivePage,
              })),
          },
          {
            path: `${WEB_ROUTES.practiceAttempt}/:attemptId`,
            lazy: () =>
              import('../features/practice/components/practice-run-page').then((m) => ({
                Component: m.PracticeRunPage,
              })),
          },
          {
            path: WEB_ROUTES.review,
            lazy: () =>
              import('../features/review/components/review-page').then((m) => ({ Component: m.ReviewPage })),
          },
          { path: WEB_ROUTES.progress, lazy: () => import('./routes/progress-route') },
          {
            path: WEB_ROUTES.editProfile,
            lazy: () =>
              import('../features/profile/components/edit-profile-page').then((m) => ({
                Component: m.EditProfilePage,
              })),
          },
          {
            path: WEB_ROUTES.payment,
            lazy: () =>
              import('../features/payments/components/payments-page').then((m) => ({
                Component: m.PaymentsPage,
              })),
          },
          {
            lazy: () => import('./admin-guard/admin-only').then((m) => ({ Component: m.AdminOnly })),
            children: [
              {
                path: WEB_ROUTES.adminQuizzes,
                lazy: () =>
                  import('../features/authoring/components/admin-quizzes-page').then((m) => ({
                    Component: m.AdminQuizzesPage,
                  })),
              },
              {
                path: WEB_ROUTES.createQuiz,
                lazy: () =>
                  import('./routes/quiz-editor-routes').then((m) => ({ Component: m.CreateQuizRoute })),
              },
              {
                path: WEB_ROUTES.adminAuditLog,
                lazy: () =>
                  import('../features/audit-log/components/audit-log-page').then((m) => ({
                    Component: m.AuditLogPage,
                  })),
              },
              { path: WEB_ROUTES.editQuiz, lazy: () => import('./routes/edit-quiz-redirect-route') },
              {
                path: `${WEB_ROUTES.editQuiz}/:id`,
                lazy: () =>
                  import('./routes/quiz-editor-routes').then((m) => ({ Component: m.EditQuizRoute })),
              },
              {
                path: `${WEB_ROUTES.quizDetails}/:quizId`,
                lazy: () => import('./routes/quiz-details-route'),
              },
              {
                path: WEB_ROUTES.participants,
                lazy: () =>
                  import('../features/students/components/students-page').then((m) => ({
                    Component: m.StudentsPage,
                  })),
              },
              {
                path: `${WEB_ROUTES.participants}/:studentId`,
                lazy: () =>
                  import('../features/students/components/student-detail-page').then((m) => ({
                    Component: m.StudentDetailPage,
                  })),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];

export const router = createBrowserRouter(routes);
