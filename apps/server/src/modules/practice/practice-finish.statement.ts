import { sql, type SQL } from 'drizzle-orm';
import { textArrayLiteral } from '../../db/raw-rows';
import type { PartContext, StatementPart } from '../../db/statement-parts';
import { unlockedExpression } from '../quizzes/unlock-rule';
import { PRACTISABLE } from './practice-questions';

// The practice submission's finishing statement (`PracticeRepository.finish`), built once per shape,
// and the question state's part of it.

/** A placeholder of `finish`'s statement (prepared once per shape), as SQL. */
const finishParam = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * What a part of `PracticeRepository.finish`'s statement may refer to: the learner, the finishing
 * time, and `when`, true only when its write finished the attempt.
 */
const FINISH_CONTEXT: PartContext = {
  userId: finishParam('userId'),
  now: finishParam('now'),
  when: sql`exists (select 1 from done)`,
};

/**
 * What a copy of a running attempt was read with (`RunningPractices`): how many of its questions
 * were visible (all of them) and each of their quizzes' version.
 */
export interface StillVisible {
  count: number;
  /** Quiz id → its `updated_at` as read (`PracticeQuestionRow.quizVersion`). */
  versions: ReadonlyMap<string, string>;
}

/**
 * Inside `finish`'s UPDATE of `practice_attempts`: the attempt's questions visible to the learner
 * now (`PRACTISABLE` and the unlock rule, as every read here) whose quiz is still at the version
 * read are `still.count` of them. False when any was withdrawn, changed, or locked again since.
 * Its placeholders' values: `stillValues`.
 */
const STILL_VISIBLE = sql`(select count(*) from questions q
      join quizzes on "quizzes"."id" = q.quiz_id
      join unnest(${finishParam('knownQuizIds')}::uuid[], ${finishParam('knownVersions')}::text[])
        as known(quiz_id, version) on known.quiz_id = q.quiz_id and "quizzes"."updated_at" = known.version::timestamptz
      where q.id = any(practice_attempts.question_ids) and ${PRACTISABLE}
        and ${unlockedExpression(sql`${FINISH_CONTEXT.userId}::uuid`)}
    ) = ${finishParam('knownCount')}::int`;

export function stillValues(still: StillVisible) {
  const ids = [...still.versions.keys()];
  return {
    knownQuizIds: `{${ids.join(',')}}`,
    knownVersions: textArrayLiteral(ids.map((id) => still.versions.get(id)!)),
    knownCount: still.count,
  };
}

/** `finish`'s statement for one shape (its parts, and whether `still` applies): built and prepared once. */
export function finishStatement(parts: readonly StatementPart[], still: boolean): SQL {
  const ctes = parts.map((part) => sql`${sql.raw(`part_${part.name}`)} as (${part.body(FINISH_CONTEXT)})`);
  return sql`
        with done as (
          update practice_attempts
          set answers = ${finishParam('answers')}::jsonb, score = ${finishParam('score')},
              correct_count = ${finishParam('correctCount')}, wrong_count = ${finishParam('wrongCount')},
              elapsed_ms = ${finishParam('elapsedMs')}, submitted_at = ${finishParam('submittedAt')}::timestamptz,
              predicted = ${finishParam('predicted')}::jsonb,
              status = 'submitted', updated_at = ${FINISH_CONTEXT.now}::timestamptz
          where id = ${finishParam('attemptId')}::uuid and status = 'in_progress'
            and revision = ${finishParam('revision')}::int
            ${still ? sql`and ${STILL_VISIBLE}` : sql``}
          returning 1
        )${ctes.length ? sql`, ${sql.join(ctes, sql`, `)}` : sql``}
        select count(*)::int as finished from done`;
}

/** The question state's placeholder for `name`: prefixed, as no other part's is. */
const stateParam = (name: string) => finishParam(`state_${name}`);

/** `questionState`'s body, built once per prepared statement. */
function questionStateBody({ userId, now, when }: PartContext): SQL {
  return sql`
      insert into practice_question_state (user_id, question_id, last_correct, answered, last_answered_at)
      select ${userId}::uuid, a.id, a.correct, 1, ${now}::timestamptz
      from unnest(${stateParam('ids')}::uuid[], ${stateParam('correct')}::boolean[]) as a(id, correct)
      where ${when}
      on conflict (user_id, question_id) do update
        set last_correct = excluded.last_correct, answered = practice_question_state.answered + 1,
            last_answered_at = excluded.last_answered_at`;
}

/**
 * What the learner last did with each answered question (the drill's never-seen/wrong order): a
 * part of `finish`'s statement, applied only when it finished; none answered writes nothing.
 */
export function questionState(answered: readonly { questionId: string; correct: boolean }[]): StatementPart {
  let ids = '';
  let correct = '';
  for (const a of answered) {
    ids += (ids ? ',' : '') + a.questionId;
    correct += (correct ? ',' : '') + String(a.correct);
  }
  return {
    name: 'state',
    body: questionStateBody,
    values: { state_ids: `{${ids}}`, state_correct: `{${correct}}` },
  };
}
