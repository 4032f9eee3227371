import { sql, type SQL } from 'drizzle-orm';
import { Rating } from 'ts-fsrs';
import { initialState } from './scheduler';

/**
 * The columns a card made at `now` starts with besides its outcome: when, and the initial state of
 * one rated Again ('wrong', 'skipped') and of one rated Hard ('unsure').
 */
export function cardStart(now: Date) {
  const again = initialState(now, Rating.Again);
  const hard = initialState(now, Rating.Hard);
  return {
    at: now.toISOString(),
    againStability: again.stability,
    hardStability: hard.stability,
    againDifficulty: again.difficulty,
    hardDifficulty: hard.difficulty,
    againLearningSteps: again.learningSteps,
    hardLearningSteps: hard.learningSteps,
    againReps: again.reps,
    hardReps: hard.reps,
    againState: again.state,
    hardState: hard.state,
  };
}

export type CardStart = ReturnType<typeof cardStart>;

/**
 * The one way review cards are made from mistakes (ADR 011), for contest attempts at publication
 * and for practice and drills (ADR 024): an INSERT over `outcomes` (a relation of user_id,
 * question_id, source), to be used as a CTE body or a statement. 'wrong' and 'skipped' start as FSRS
 * Again, 'unsure' as Hard; rows with a null source and dropped questions make none; one card per
 * learner and question (an existing card is kept). Returns 1 per card made.
 */
export function insertCards(outcomes: SQL, now: Date): SQL {
  const start = cardStart(now);
  return insertCardsWith(outcomes, (key) => sql`${start[key]}`);
}

/**
 * `insertCards` with each of `cardStart`'s values given as SQL by `start`: parameters, or a prepared
 * statement's placeholders (a practice submission's, `cardsFromPractice`).
 */
export function insertCardsWith(outcomes: SQL, start: (key: keyof CardStart) => SQL): SQL {
  return sql`
        insert into review_cards (user_id, question_id, source, initial_rating, due, stability, difficulty,
                                  scheduled_days, learning_steps, reps, lapses, state, last_review, created_at)
        select user_id, question_id, source,
               case when source = 'unsure' then ${Rating.Hard}::int else ${Rating.Again}::int end,
               ${start('at')}::timestamptz,
               case when source = 'unsure' then ${start('hardStability')}::float8 else ${start('againStability')}::float8 end,
               case when source = 'unsure' then ${start('hardDifficulty')}::float8 else ${start('againDifficulty')}::float8 end,
               0,
               case when source = 'unsure' then ${start('hardLearningSteps')}::int else ${start('againLearningSteps')}::int end,
               case when source = 'unsure' then ${start('hardReps')}::int else ${start('againReps')}::int end,
               0,
               case when source = 'unsure' then ${start('hardState')}::int else ${start('againState')}::int end,
               ${start('at')}::timestamptz,
               ${start('at')}::timestamptz
        from (${outcomes}) as outcomes
        where source is not null
          -- A question dropped in an answer-key correction (issue 14) makes no card (ADR 011).
          and not exists (select 1 from questions dq where dq.id = question_id and dq.dropped_at is not null)
        on conflict (user_id, question_id) do nothing
        returning 1`;
}
