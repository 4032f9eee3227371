import { sql, type SQL } from 'drizzle-orm';
import { Rating } from 'ts-fsrs';
import { initialState } from './scheduler';

/**
 * A new card's memory state by its initial rating. FSRS's first state depends on the rating alone,
 * not on when the card is made (scheduler.test.ts), so it is worked out once and written into the
 * insert's text as constants rather than by ts-fsrs and as parameters at every practice submission;
 * a new card's times are its creation's.
 */
const again = initialState(new Date(0), Rating.Again);
const hard = initialState(new Date(0), Rating.Hard);

/** A constant of the code in a statement's text, by the initial rating of the row's `source`. */
const byRating = (cast: 'int' | 'float8', ofHard: number, ofAgain: number) =>
  sql.raw(`case when source = 'unsure' then ${Number(ofHard)}::${cast} else ${Number(ofAgain)}::${cast} end`);

/**
 * The one way review cards are made from mistakes (ADR 011), for contest attempts at publication
 * and for practice and drills (ADR 024): an INSERT over `outcomes` (a relation of user_id,
 * question_id, source), to be used as a CTE body or a statement. 'wrong' and 'skipped' start as FSRS
 * Again, 'unsure' as Hard; rows with a null source and dropped questions make none; one card per
 * learner and question (an existing card is kept). Returns 1 per card made.
 */
export function insertCards(outcomes: SQL, now: Date): SQL {
  return insertCardsAt(outcomes, sql`${now.toISOString()}`);
}

/**
 * `insertCards` with the time the cards are made as SQL: a parameter, or a prepared statement's
 * placeholder (a practice submission's, `cardsFromPractice`).
 */
export function insertCardsAt(outcomes: SQL, at: SQL): SQL {
  return sql`
        insert into review_cards (user_id, question_id, source, initial_rating, due, stability, difficulty,
                                  scheduled_days, learning_steps, reps, lapses, state, last_review, created_at)
        select user_id, question_id, source,
               ${byRating('int', Rating.Hard, Rating.Again)},
               ${at}::timestamptz,
               ${byRating('float8', hard.stability, again.stability)},
               ${byRating('float8', hard.difficulty, again.difficulty)},
               0,
               ${byRating('int', hard.learningSteps, again.learningSteps)},
               ${byRating('int', hard.reps, again.reps)},
               0,
               ${byRating('int', hard.state, again.state)},
               ${at}::timestamptz,
               ${at}::timestamptz
        from (${outcomes}) as outcomes
        where source is not null
          -- A question dropped in an answer-key correction (issue 14) makes no card (ADR 011).
          and not exists (select 1 from questions dq where dq.id = question_id and dq.dropped_at is not null)
        on conflict (user_id, question_id) do nothing
        returning 1`;
}
