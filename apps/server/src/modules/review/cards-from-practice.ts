import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { insertCards } from './card-insert';

/**
 * The wrong answers of a submitted practice or drill become review cards (ADR 024), made by the
 * same insert as a contest's at publication ('wrong', starting as Again), unless the learner turned
 * `cards_from_practice` off in the review settings. Only questions of published quizzes reach here
 * (the practice service checks), so a card never shows an answer early. Returns how many were made.
 */
export async function createCardsFromPractice(
  db: Executor,
  userId: string,
  wrongQuestionIds: readonly string[],
  now: Date,
): Promise<number> {
  if (!wrongQuestionIds.length) return 0;
  const ids = `{${wrongQuestionIds.join(',')}}`;
  const rows = rawRows<{ made: number }>(
    await db.execute(sql`
      with made as (${insertCards(
        sql`select ${userId}::uuid as user_id, q.id as question_id, 'wrong'::text as source
            from unnest(${ids}::uuid[]) as q(id)
            where not exists (select 1 from review_settings s
                              where s.user_id = ${userId}::uuid and not s.cards_from_practice)`,
        now,
      )})
      select count(*)::int as made from made
    `),
  );
  return Number(rows[0]?.made ?? 0);
}
