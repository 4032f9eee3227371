/** The analytics routes (issue 14), without zod so read-only screens can import them cheaply. */
export const ANALYTICS_PATHS = {
  me: '/analytics/me',
  quiz: '/analytics/quizzes/:quizId',
  adminItems: '/analytics/admin/quizzes/:quizId/items',
  adminItemsCsv: '/analytics/admin/quizzes/:quizId/items.csv',
  adminKeyCorrections: '/analytics/admin/quizzes/:quizId/key-corrections',
} as const;

export const analyticsPath = {
  quiz: (quizId: string) => `/analytics/quizzes/${quizId}`,
  adminItems: (quizId: string) => `/analytics/admin/quizzes/${quizId}/items`,
  adminItemsCsv: (quizId: string) => `/analytics/admin/quizzes/${quizId}/items.csv`,
  adminKeyCorrections: (quizId: string) => `/analytics/admin/quizzes/${quizId}/key-corrections`,
};
