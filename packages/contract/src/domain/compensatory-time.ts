/**
 * Compensatory time (issue 26, ADR 023): a candidate with a benchmark disability gets at least
 * 20 minutes per hour of the exam's time under the 2018 DEPwD guidelines (IBPS PO 2025: 20 per 60).
 * A learner who turns it on in the profile rehearses with every duration × (60 + 20) / 60 = × 4/3.
 * The one constant; the server's deadline module (`modules/quizzes/attempt-rules.ts`) applies it,
 * in TypeScript and in its SQL twin, to a quiz's duration (and each section's).
 */
export const COMPENSATORY_MINUTES_PER_HOUR = 20;

/** The most extra minutes an admin may give one learner on one quiz (a whole day). */
export const MAX_EXTRA_MINUTES = 24 * 60;
