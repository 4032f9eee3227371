import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * The one unlock rule, shared with payments: a quiz is unlocked for a user when it is free,
 * or when that user has a successful payment for it. As an SQL expression over `quizzes`.
 */
export function unlockedExpression(userId: string | Placeholder | SQL): SQL<boolean> {
  // Written with qualified names: inside the subquery an unqualified "id" would mean payments.id.
  return sql<boolean>`("quizzes"."price_paise" = 0 or exists (
    select 1 from "payments" as "unlock"
    where "unlock"."user_id" = ${userId}
      and "unlock"."quiz_id" = "quizzes"."id"
      and "unlock"."status" = 'success'
  ))`;
}
