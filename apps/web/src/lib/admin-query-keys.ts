/**
 * The admin screens' query keys that more than one feature names: everything cached about admin data
 * (lists, one quiz, its participants, its item analysis) sits under `['admin']`, one quiz under
 * `['admin', 'quiz', id]`, so a change in one feature (a saved quiz, a new recording, a corrected key)
 * makes the others' copies stale without importing them.
 */
export const ADMIN_QUERY_KEY = ['admin'] as const;

export const adminQuizKey = (quizId: string) => ['admin', 'quiz', quizId] as const;
