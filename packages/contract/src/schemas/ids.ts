import { z } from 'zod';
import { QUIZ_MESSAGES } from '../messages/quiz';
import { PAYMENT_MESSAGES } from './payment';

/**
 * Ids are UUID strings (`_id`). Any version and variant is accepted, in either case: the server only
 * needs to know the text can name a row before it asks the database (PostgreSQL refuses a malformed
 * uuid with an error, not an empty result).
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can name a row (token claims, body fields the routes check themselves). */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** A UUID string. */
export const uuidSchema = z.string().regex(UUID_PATTERN, { error: 'Must be a UUID' });

/** What a failed id check of a path parameter carries, so the server answers the route's 404. */
export const UNKNOWN_ID_ISSUE = 'unknownId';

/**
 * A path id that cannot name a row is simply unknown: the server answers 404 with `notFound` (the
 * route's own "… not found" message), exactly as for a well-formed id that names nothing.
 * `base` are the rules the parameter had before (their failures stay 400s).
 */
export function unknownIdParam(notFound: string, base: z.ZodString = z.string()) {
  return base.pipe(z.string().refine(isUuid, { error: notFound, params: { [UNKNOWN_ID_ISSUE]: true } }));
}

/** Messages of the routes' not-found answers for a path id. */
export const ID_NOT_FOUND = {
  quiz: QUIZ_MESSAGES.notFound,
  student: 'Student not found',
  payment: PAYMENT_MESSAGES.paymentNotFound,
} as const;

/** `/:id` of the quiz authoring routes. */
export const quizIdParamSchema = z.object({ id: unknownIdParam(ID_NOT_FOUND.quiz) });
/** `/:id` of the student directory routes. */
export const studentIdParamSchema = z.object({ id: unknownIdParam(ID_NOT_FOUND.student) });
/** `/:quizId` of a learner's quiz routes (intro, attempt, autosave). */
export const participantQuizIdParamSchema = z.object({
  quizId: unknownIdParam(ID_NOT_FOUND.quiz, z.string().min(1).max(64)),
});
/** `/:paymentId` of a payment's status. */
export const paymentIdParamSchema = z.object({
  paymentId: unknownIdParam(ID_NOT_FOUND.payment, z.string().max(100)),
});
