import { sql, type SQL } from 'drizzle-orm';
import type { PartContext, StatementPart } from '../../db/statement-parts';
import { cardStart, insertCardsWith, type CardStart } from './card-insert';

/** This part's placeholder for a value of `cardStart` (or `ids`): prefixed, as no other part's is. */
const placeholder = (key: keyof CardStart | 'ids') => sql`${sql.placeholder(`cards_${key}`)}`;

/** The part's body, built once per prepared statement (`StatementPart`). */
function cardsBody({ userId, when }: PartContext): SQL {
  return insertCardsWith(
    sql`select ${userId}::uuid as user_id, q.id as question_id, 'wrong'::text as source
        from unnest(${placeholder('ids')}::uuid[]) as q(id)
        where ${when}
          and not exists (select 1 from review_settings s
                          where s.user_id = ${userId}::uuid and not s.cards_from_practice)`,
    placeholder,
  );
}

/**
 * The wrong answers of a submitted practice or drill become review cards (ADR 024), made by the
 * same insert as a contest's at publication ('wrong', starting as Again), unless the learner turned
 * `cards_from_practice` off in the review settings. Only questions of published quizzes reach here
 * (the practice service checks), so a card never shows an answer early. A part of the submission's
 * one statement (prepared once): cards are made only when its `when` holds (the practice was
 * finished); with no wrong answers it makes none.
 */
export function cardsFromPractice(wrongQuestionIds: readonly string[], now: Date): StatementPart {
  const values: Record<string, unknown> = { cards_ids: `{${wrongQuestionIds.join(',')}}` };
  const start = cardStart(now);
  for (const key of Object.keys(start) as (keyof CardStart)[]) values[`cards_${key}`] = start[key];
  return { name: 'cards', body: cardsBody, values };
}
