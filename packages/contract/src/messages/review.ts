// Messages without schemas (see messages/quiz.ts); schemas/review re-exports them.

/** The review routes' messages (issue 13), each with its Hindi in i18n/server-messages.hi.ts. */
export const REVIEW_MESSAGES = {
  cardNotFound: 'Card not found',
  questionNotFound: 'Question not found',
  notPublished: 'Results for this question are not published yet',
  notYours: 'Only questions from your own published results can be added',
  ratingRange: 'Rating must be 1, 2, 3 or 4',
  reviewIdInvalid: 'Review id must be a UUID',
  reviewedAtInvalid: 'reviewedAt must be an ISO date-time',
  reviewedAtFuture: 'reviewedAt cannot be more than 5 minutes in the future',
  reviewedAtBeforeCard: 'reviewedAt cannot be before the card existed',
  durationInvalid: 'durationMs must be a whole number of milliseconds between 0 and 1 hour',
  retentionRange: 'Desired retention must be between 0.80 and 0.97',
  examDatePast: 'Exam date cannot be in the past',
  examDateInvalid: 'Exam date must be a date (YYYY-MM-DD)',
  examNameTooLong: 'Exam name must be at most 80 characters',
  dailyNewLimitRange: 'Daily new-card limit must be a whole number between 0 and 500',
  dailyReviewCapRange: 'Daily review cap must be a whole number between 1 and 2000',
  cardRemoved: 'Card removed',
  /** Issue 14: an admin dropped the question in an answer-key correction; it scores and reviews for no one. */
  questionDropped:
    'This question was dropped from the quiz in an answer-key correction, so it cannot be reviewed',
} as const;
