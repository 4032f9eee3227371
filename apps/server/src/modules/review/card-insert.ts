import { sql, type SQL } from 'drizzle-orm';
import { Rating } from 'ts-fsrs';
import { initialState } from './scheduler';

/**
 * The one way review cards are made from mistakes (ADR 011), for contest attempts at publication
 * and for practice and drills (ADR 024): an INSERT over `outcomes` (a relation of user_id,
 * question_id, source), to be used as a CTE body or a statement. 'wrong' and 'skipped' start as FSRS
 * Again, 'unsure' as Hard; rows with a null source and dropped questions make none; one card per
 * learner and question (an existing card is kept). Returns 1 per card made.
 */
export function insertCards(outcomes: SQL, now: Date): SQL {
  const again = initialState(now, Rating.Again);
  const hard = initialState(now, Rating.Hard);
  const at = now.toISOString();
  return sql`
        insert into review_cards (user_id, question_id, source, initial_rating, due, stability, difficulty,
                                  scheduled_days, learning_steps, reps, lapses, state, last_review, created_at)
        select user_id, question_id, source,
               case when source = 'unsure' then ${Rating.Hard}::int else ${Rating.Again}::int end,
               ${at}::timestamptz,
               case when source = 'unsure' then ${hard.stability}::float8 else ${again.stability}::float8 end,
               case when source = 'unsure' then ${hard.difficulty}::float8 else ${again.difficulty}::float8 end,
               0,
               case when source = 'unsure' then ${hard.learningSteps}::int else ${again.learningSteps}::int end,
               case when source = 'unsure' then ${hard.reps}::int else ${again.reps}::int end,
               0,
               case when source = 'unsure' then ${hard.state}::int else ${again.state}::int end,
               ${at}::timestamptz,
               ${at}::timestamptz
        from (${outcomes}) as outcomes
        where source is not null
          -- A question dropped in an answer-key correction (issue 14) makes no card (ADR 011).
          and not exists (select 1 from questions dq where dq.id = question_id and dq.dropped_at is not null)
        on conflict (user_id, question_id) do nothing
        returning 1`;
}
