import { z } from 'zod';

/** A page of an admin list (quizzes, a quiz's participants, students), optionally searched. */

export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_PAGE_MAX = 100;

export const adminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit must be 1–${ADMIN_PAGE_MAX}`)
    .max(ADMIN_PAGE_MAX, `limit must be 1–${ADMIN_PAGE_MAX}`)
    .default(ADMIN_PAGE_SIZE),
  searchTerm: z.string().trim().max(100, 'searchTerm must be at most 100 characters').optional(),
});
export type AdminPageQuery = z.input<typeof adminPageQuerySchema>;
