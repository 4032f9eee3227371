import { sql, type SQL } from 'drizzle-orm';
import type { PartContext, StatementPart } from '../../db/statement-parts';
import { insertCardsAt } from './card-insert';

/** The part's body, built once per prepared statement (`StatementPart`). */
function cardsBody({ userId, now, when }: PartContext): SQL {
  return insertCardsAt(
    sql`select ${userId}::uuid as user_id, q.id as question_id, 'wrong'::text as source
        from unnest(${sql.placeholder('cards_ids')}::uuid[]) as q(id)
        where ${when}
          and not exists (select 1 from review_settings s
                          where s.user_id = ${userId}::uuid and not s.cards_from_practice)`,
    now,
  );
}

/**
 * The wrong answers of a submitted practice or drill become review cards (ADR 024), made by the
 * same insert as a contest's at publication ('wrong', starting as Again), unless the learner turned
 * `cards_from_practice` off in the review settings. Only questions of published quizzes reach here
 * (the practice service checks), so a card never shows an answer early. A part of the submission's
 * one statement (prepared once): cards are made only when its `when` holds (the practice was
 * finished, at its time); with no wrong answers it makes none.
 */
export function cardsFromPractice(wrongQuestionIds: readonly string[]): StatementPart {
  return { name: 'cards', body: cardsBody, values: { cards_ids: `{${wrongQuestionIds.join(',')}}` } };
}
