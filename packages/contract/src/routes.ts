/** Web routes (spec section 2) and API paths (spec section 7). */

export const WEB_ROUTES = {
  root: '/',
  login: '/login',
  register: '/register',
  quizzes: '/quizzes',
  /** Spelled with a doubled z and an extra s in the product (spec section 2, correction). */
  createQuiz: '/quizzess/create',
  editQuiz: '/quizzes/edit',
  quizDetails: '/quizzes/details',
  quizIntro: '/quizzes/intro',
  /** The other reading of the intro page's path. */
  quizIntroAlt: '/quizzes/participant',
  quizAttend: '/quizzes/attend',
  quizSummary: '/quizzes/summary',
  quizSubmitted: '/quizzes/submitted',
  participants: '/participants',
  /** Admin: the list of every quiz with create, edit and details links (not in the spec's table). */
  adminQuizzes: '/admin/quizzes',
  /** Admin: who did what (issue 15). */
  adminAuditLog: '/admin/audit-log',
  profile: '/profile',
  /** Shown once after the learner deleted their account (issue 15), signed out. */
  accountDeleted: '/account-deleted',
  editProfile: '/profile/edit',
  payment: '/payment',
  /** Spaced repetition: the review session and its summary. */
  review: '/review',
  /** The learner's performance analytics (issue 14). */
  progress: '/progress',
  /** Practice of published quizzes and topic drills (issue 27); a run at `/practice/attempts/:id`. */
  practice: '/practice',
  practiceAttempt: '/practice/attempts',
  /** A learner's shared result (issue 28): public, `/c/<code>`; "Try this quiz" at `/c/<code>/try`. */
  challenge: '/c',
  /** Today's daily five (issue 28): opens (or makes) the day's five and runs it. */
  dailyFive: '/daily-five',
} as const;

export const webPath = {
  quizIntro: (quizId: string) => `${WEB_ROUTES.quizIntro}/${quizId}`,
  quizSummary: (quizId: string) => `${WEB_ROUTES.quizSummary}/${quizId}`,
  /** One question of a published quiz: the summary's Questions tab, scrolled to and focused on it. */
  quizSummaryQuestion: (quizId: string, questionId: string) =>
    `${WEB_ROUTES.quizSummary}/${quizId}?tab=questions&question=${encodeURIComponent(questionId)}`,
  quizDetails: (quizId: string) => `${WEB_ROUTES.quizDetails}/${quizId}`,
  editQuiz: (quizId: string) => `${WEB_ROUTES.editQuiz}/${quizId}`,
  participant: (studentId: string) => `${WEB_ROUTES.participants}/${studentId}`,
  challenge: (code: string) => `${WEB_ROUTES.challenge}/${code}`,
  challengeTry: (code: string) => `${WEB_ROUTES.challenge}/${code}/try`,
};

export const API_PREFIX = '/api';

/** API paths relative to API_PREFIX, with Fastify-style params. */
export const API_PATHS = {
  health: '/health',
  loginSendOtp: '/students/login-send-otp',
  loginVerifyOtp: '/students/login-verify-otp',
  signupSendOtp: '/students/signup-send-otp',
  signup: '/students/signup',
  updateProfile: '/students/update-profile',
  me: '/students/me',
  logoutAll: '/students/logout-all',
  logout: '/students/logout',
  privacy: '/students/privacy',
  compensatoryTime: '/students/compensatory-time',
  deleteAccount: '/students/delete-account',
  adminAuditLog: '/admin/audit-log',
  preferredLanguage: '/students/preferred-language',
  students: '/students',
  studentsAdminGetAll: '/students/admin-get-all',
  studentsAdminGetOne: '/students/admin-get-one/:id',
  quizzes: '/quizzes',
  quizzesParticipant: '/quizzes/participant',
  quizIntro: '/quizzes/participant/:quizId',
  quizAttend: '/quizzes/participant/attend/:quizId',
  quizAttendAnswers: '/quizzes/participant/attend/:quizId/answers',
  /** Close the open section of a locked quiz early (issue 26, ADR 022). */
  quizCloseSection: '/quizzes/participant/attend/:quizId/sections/close',
  quizSubmit: '/quizzes/participant/submit',
  quizSummary: '/quizzes/participant/quiz-summary/:quizId',
  quizLeaderboard: '/quizzes/participant/:quizId/leaderboard',
  quizzesAdminGetAll: '/quizzes/admin-get-all',
  quizzesAdminGetOne: '/quizzes/admin-get-one/:id',
  quizzesAdminGetParticipants: '/quizzes/admin-get-participants/:id',
  quizzesAdminExportParticipants: '/quizzes/admin-get-participants/:id/export.csv',
  quizzesAdminExtraTime: '/quizzes/admin-extra-time/:id',
  quizById: '/quizzes/:id',
  quizImportQuestions: '/quizzes/:id/questions/import',
  quizImportPreview: '/quizzes/questions/import-preview',
  resultLatest: '/result/latest',
  paymentsCreateOrder: '/payments/create-order',
  paymentsVerify: '/payments/verify-payment',
  paymentsStatus: '/payments/status/:paymentId',
  paymentsWebhook: '/payments/webhook',
  payments: '/payments',
  /** The fake gateway behind /fake-checkout.js; exists only when PAYMENT_PROVIDER=fake. */
  paymentsFakePay: '/payments/fake/pay',
  paymentsFakeFail: '/payments/fake/fail',
  devOutbox: '/dev/outbox',
  posterTemplate: '/assets/poster-template',
  questionAudio: '/quizzes/:quizId/questions/:questionId/audio',
  fileAudio: '/files/audio/:fileName',
  reviewQueue: '/review/queue',
  reviewCards: '/review/cards',
  reviewCard: '/review/cards/:cardId',
  reviewCardReviews: '/review/cards/:cardId/reviews',
  reviewStats: '/review/stats',
  reviewSettings: '/review/settings',
  /** The signed-in learner's own streak (issue 28). */
  streak: '/streak',
  /** Web push reminders (issue 28): settings, and this browser's subscription. */
  reminders: '/reminders',
  reminderSubscription: '/reminders/subscription',
  /** Today's daily five (issue 28): made on the first read of the IST day, the same five after. */
  dailyFive: '/daily-five',
  practiceQuizzes: '/practice/quizzes',
  practiceTopics: '/practice/topics',
  practiceQuizStart: '/practice/quizzes/:quizId/attempts',
  practiceDrills: '/practice/drills',
  practiceAttempts: '/practice/attempts',
  practiceProgress: '/practice/progress',
  practiceAttempt: '/practice/attempts/:attemptId',
  practiceAttemptAnswers: '/practice/attempts/:attemptId/answers',
  practiceAttemptSubmit: '/practice/attempts/:attemptId/submit',
  /** Challenge links (issue 28): create (or reuse) mine for a quiz, list mine, withdraw one. */
  challenges: '/challenges',
  /** Public: a link's card data, and its preview image rendered by the server. */
  challenge: '/challenges/:code',
  challengeImage: '/challenges/:code/card.png',
} as const;

/** Fill `:param` placeholders and prefix with /api. */
export function apiUrl(path: string, params: Record<string, string> = {}): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter: ${name}`);
    return encodeURIComponent(value);
  });
  return `${API_PREFIX}${filled}`;
}
