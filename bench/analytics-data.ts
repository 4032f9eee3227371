/**
 * Data makers of the analytics harness (bench/analytics.bench.ts): published quizzes, marked and
 * jsonb attempts and users, generated in SQL so 100,000 attempts seed in seconds.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { rawRows } from '../apps/server/src/db/raw-rows';
import { scoreSql } from '../apps/server/src/modules/marking/marking.sql';

/**
 * Published quizzes named `${name} i` (i < count) with `questions` questions each (key = position mod
 * 4), marked analysed (the steps that seed them build the marks and item analysis themselves).
 */
export async function makeQuizzes(db: Db, name: string, count: number, questions: number): Promise<string[]> {
  const made = rawRows<{ id: string }>(
    await db.execute(sql`
      insert into quizzes (name, exam, class, duration_min, start_at, end_at, mark_correct, mark_wrong, results_published_at, analysed_at)
      select ${name}::text || ' ' || i, (array['SSC','UPSC','NEET','JEE','Banking'])[1 + i % 5], 'Preparing for Competitive exams',
             60, now() - interval '2 days', now() - interval '1 day', 4, 1, now() - interval '1 day' + i * interval '1 second',
             now() - interval '1 day' + i * interval '1 second'
      from generate_series(0, ${count - 1}) i
      order by i
      returning id
    `),
  );
  await db.execute(sql`
    insert into questions (quiz_id, position, qn, choices, ans_index, topic)
    select q.id, p, 'Question ' || p, '["A","B","C","D"]'::jsonb, p % 4, 'Topic ' || (p % 7)
    from quizzes q cross join generate_series(0, ${questions - 1}) p
    where q.name like ${name + ' %'}::text
  `);
  return made.map((r) => r.id);
}

/**
 * Submitted attempts of users `offset+1…offset+count` (by name among those starting with `prefix`) on
 * each quiz named `${name} …`, with their narrow marks generated directly in SQL (no jsonb answers):
 * right with a per-user skill, ~10% skipped, 5–65 s each.
 */
export async function makeMarkedAttempts(
  db: Db,
  name: string,
  questions: number,
  prefix: string,
  offset: number,
  count: number,
) {
  await db.execute(sql`
    with people as (
      select id, row_number() over (order by name) as n from users where name like ${prefix + '%'}::text
    )
    insert into attempts (quiz_id, user_id, status, started_at, deadline_at, submitted_at, answers, elapsed_ms)
    select q.id, p.id, 'submitted', now() - interval '2 days', now() - interval '1 day', now() - interval '1 day',
           '[]'::jsonb, 600000 + (abs(hashtext(p.id::text || q.id::text)) % 3000000)
    from quizzes q cross join people p
    where q.name like ${name + ' %'}::text and p.n > ${offset} and p.n <= ${offset + count}
  `);
  await db.execute(sql`
    with people as (
      select id, row_number() over (order by name) as n from users where name like ${prefix + '%'}::text
    ), fresh as (
      select a.id, a.quiz_id, p.n
      from attempts a join people p on p.id = a.user_id join quizzes q on q.id = a.quiz_id
      where q.name like ${name + ' %'}::text and p.n > ${offset} and p.n <= ${offset + count}
    )
    insert into attempt_marks (attempt_id, quiz_id, ord, choices, times)
    select f.id, f.quiz_id,
           ${offset}::int + (row_number() over (partition by f.quiz_id order by f.id))::int,
           m.choices, m.times
    from fresh f
    cross join lateral (
      select array_agg(x.ch order by x.p) as choices, array_agg(x.t order by x.p) as times
      from (
        select p,
               (case when ((f.n * 31 + p * 17) % 10) = 0 then null
                     when ((f.n * 7 + p * 13) % 100) < 30 + (f.n % 60) then p % 4
                     else (p % 4 + 1 + (f.n + p) % 3) % 4 end)::smallint as ch,
               (5000 + ((f.n * 37 + p * 101) % 60000))::int as t
        from generate_series(0, ${questions - 1}) p
      ) x
    ) m
  `);
}

/** Score and correct count of every `${name} …` attempt as submission stores them (+4/−1), from its marks. */
export async function scoreMarked(db: Db, name: string) {
  await db.execute(sql`
    update attempts a
    set correct_count = s.c, score = ${scoreSql(sql`s.c`, sql`s.w`, sql`4`, sql`1`)}
    from (
      select m.attempt_id,
             (select count(*) from unnest(m.choices) with ordinality u(ch, i) where u.ch = (u.i - 1) % 4)::int as c,
             (select count(*) from unnest(m.choices) with ordinality u(ch, i) where u.ch <> (u.i - 1) % 4)::int as w
      from attempt_marks m join quizzes q on q.id = m.quiz_id
      where q.name like ${name + ' %'}::text
    ) s
    where a.id = s.attempt_id and a.score is null
  `);
}

/** Attempts with real jsonb answers (what submission stores), for timing publication's jsonb pass. */
export async function makeJsonAttempts(db: Db, quizId: string, prefix: string, count: number, from = 0) {
  await db.execute(sql`
    with chosen as (
      select id, row_number() over (order by name) as n from users where name like ${prefix + '%'}::text
    ), qs as (
      select id, position, ans_index from questions where quiz_id = ${quizId}
    ), answered as (
      select c.id as user_id,
             jsonb_agg(jsonb_build_object(
               'qnId', q.id,
               'selectedOption', case
                  when ((c.n * 31 + q.position * 17) % 10) = 0 then null
                  when ((c.n * 7 + q.position * 13) % 100) < 30 + (c.n % 60)
                    then jsonb_build_array('A','B','C','D')->>q.ans_index
                  else jsonb_build_array('A','B','C','D')->>(((q.ans_index + 1 + (c.n + q.position) % 3) % 4)::int) end,
               'timeSpentMs', 5000 + ((c.n * 37 + q.position * 101) % 60000)
             ) order by q.position) as answers
      from chosen c cross join qs q
      where c.n > ${from} and c.n <= ${count}
      group by c.id
    )
    insert into attempts (quiz_id, user_id, status, started_at, deadline_at, submitted_at, answers, elapsed_ms)
    select ${quizId}, a.user_id, 'submitted', now() - interval '2 days', now() - interval '1 day',
           now() - interval '1 day', a.answers, 600000 + (abs(hashtext(a.user_id::text)) % 3000000)
    from answered a
  `);
}

export async function makeUsers(db: Db, prefix: string, count: number) {
  const base = prefix === 'B' ? 100_000_000 : 200_000_000;
  await db.execute(sql`
    insert into users (ph_no, name, place, class)
    select lpad((${base}::bigint + g)::text, 10, '8'),
           ${prefix}::text || lpad(g::text, 7, '0'), 'Pune', 'Preparing for Competitive exams'
    from generate_series(1, ${count}) g
  `);
}
