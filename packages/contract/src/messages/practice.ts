/** Server messages of practice and drills (issue 27); Hindi in i18n/server-messages.hi.ts. */
export const PRACTICE_MESSAGES = {
  attemptNotFound: 'Practice not found',
  locked: 'Unlock this quiz to practise it',
  alreadySubmitted: 'This practice is already submitted',
  timeOver: 'Time is over for this practice',
  emptyDrill: 'No questions match this drill yet',
} as const;
