import { sql, type SQL } from 'drizzle-orm';
import { insertCards } from './card-insert';

/**
 * The wrong answers of a submitted practice or drill become review cards (ADR 024), made by the
 * same insert as a contest's at publication ('wrong', starting as Again), unless the learner turned
 * `cards_from_practice` off in the review settings. Only questions of published quizzes reach here
 * (the practice service checks), so a card never shows an answer early. A CTE body for the
 * submission's one statement: cards are made only when `when` holds (the practice was finished);
 * undefined when there are no wrong answers.
 */
export function cardsFromPractice(
  userId: string,
  wrongQuestionIds: readonly string[],
  now: Date,
  when: SQL,
): SQL | undefined {
  if (!wrongQuestionIds.length) return undefined;
  const ids = `{${wrongQuestionIds.join(',')}}`;
  return insertCards(
    sql`select ${userId}::uuid as user_id, q.id as question_id, 'wrong'::text as source
        from unnest(${ids}::uuid[]) as q(id)
        where ${when}
          and not exists (select 1 from review_settings s
                          where s.user_id = ${userId}::uuid and not s.cards_from_practice)`,
    now,
  );
}
