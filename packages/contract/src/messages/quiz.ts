// Messages without schemas: screens that only show them need not load zod (issue 17's budgets).
// The schema module re-exports them, so existing imports keep working.

/** Server messages the client relies on. */
export const QUIZ_MESSAGES = {
  notFound: 'Quiz not found',
  alreadyAttended: 'Already attended',
  alreadySubmitted: 'Already Submitted',
  notOpen: 'Quiz is not open',
  locked: 'Unlock this quiz to attend',
  timeOver: 'Time is over. Your saved answers were submitted.',
  notStarted: 'Start the quiz before saving answers',
  submitNotStarted: 'Start the quiz before submitting',
  tooManySaves: 'Too many requests. Please wait a moment and try again.',
  /** Issue 26 (ADR 022): a locked quiz's section takes answers only while it is open. */
  sectionClosed: 'This section is closed. Its answers can no longer be changed.',
  sectionNotOpen: 'This section has not started yet.',
  notSectioned: 'This quiz has no timed sections to close.',
  extraTimeStarted:
    'This learner has already started this quiz: extra time can only be given before they start',
  learnerNotFound: 'No learner has this phone number',
  extraMinutesInvalid: 'Extra minutes must be a whole number from 0 to 1440',
} as const;
