import { z } from 'zod';
import { ATTEMPT_STATUSES } from './attempt-status';

/** Every student, and one with their attempts and payments, as an admin reads them (issue 7). */

export const adminStudentListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phNo: z.string(),
  email: z.string().nullable(),
  place: z.string(),
  school: z.string().nullable(),
  class: z.string(),
  role: z.enum(['participant', 'admin']),
  profilePicUrl: z.string().nullable(),
  createdAt: z.string(),
  attemptCount: z.number().int(),
});
export type AdminStudentListItem = z.infer<typeof adminStudentListItemSchema>;

export const adminStudentListResponseSchema = z.object({
  students: z.array(adminStudentListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminStudentListResponse = z.infer<typeof adminStudentListResponseSchema>;

/** `GET /students/admin-get-one/:id`: the profile with every attempt and payment, in a `data` envelope. */
export const adminStudentDetailSchema = z.object({
  data: adminStudentListItemSchema.extend({
    updatedAt: z.string(),
    attempts: z.array(
      z.object({
        _id: z.string(),
        quiz: z.object({ _id: z.string(), name: z.string() }),
        status: z.enum(ATTEMPT_STATUSES),
        score: z.number().nullable(),
        rank: z.number().int().nullable(),
        elapsedTime: z.number().nullable(),
        startedAt: z.string(),
        submittedAt: z.string().nullable(),
      }),
    ),
    payments: z.array(
      z.object({
        _id: z.string(),
        quiz: z.object({ _id: z.string(), name: z.string() }),
        orderId: z.string(),
        providerPaymentId: z.string().nullable(),
        /** Rupees charged including GST. */
        amount: z.number(),
        currency: z.string(),
        status: z.enum(['pending', 'success', 'failed']),
        createdAt: z.string(),
      }),
    ),
  }),
});
export type AdminStudentDetail = z.infer<typeof adminStudentDetailSchema>;
