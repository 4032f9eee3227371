CREATE TABLE "attempt_marks" (
	"attempt_id" uuid PRIMARY KEY NOT NULL,
	"quiz_id" uuid NOT NULL,
	"ord" integer NOT NULL,
	"choices" smallint[] NOT NULL,
	"times" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_answers" (
	"quiz_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"choice_bits" bit varying[] NOT NULL,
	"answered" integer NOT NULL,
	"timed_count" integer NOT NULL,
	"time_sum_ms" bigint NOT NULL,
	CONSTRAINT "item_answers_quiz_id_question_id_pk" PRIMARY KEY("quiz_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "attempt_marks" ADD CONSTRAINT "attempt_marks_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_marks" ADD CONSTRAINT "attempt_marks_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_answers" ADD CONSTRAINT "item_answers_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_answers" ADD CONSTRAINT "item_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempt_marks_quiz_ord_key" ON "attempt_marks" USING btree ("quiz_id","ord");--> statement-breakpoint
-- Backfill (ADR 017): the narrow marks of every submitted attempt of every already-published quiz,
-- one quiz at a time, with the statement of modules/analytics/attempt-marks.ts (keep them in step).
-- item_answers are built from these on first use (ensureItemAnswers).
DO $$
DECLARE qid uuid;
BEGIN
  FOR qid IN SELECT id FROM quizzes WHERE results_published_at IS NOT NULL LOOP
    WITH qs AS MATERIALIZED (
      SELECT q.id::text AS id_text, q.ans_index, q.choices, q.type, q.numeric_answer, q.tolerance,
             (row_number() OVER (ORDER BY q.position))::int AS ord,
             array(SELECT ch.v FROM jsonb_array_elements_text(q.choices) WITH ORDINALITY ch(v, i) ORDER BY ch.i) AS texts
      FROM questions q
      WHERE q.quiz_id = qid
    ), base AS MATERIALIZED (
      SELECT coalesce(max(ord), 0) AS top FROM attempt_marks WHERE quiz_id = qid
    ), fresh AS (
      SELECT a.id, a.quiz_id, a.answers, (row_number() OVER (ORDER BY a.id))::int AS rn
      FROM attempts a
      WHERE a.quiz_id = qid AND a.status IN ('submitted', 'auto_submitted')
        AND NOT EXISTS (SELECT 1 FROM attempt_marks done WHERE done.attempt_id = a.id)
    )
    INSERT INTO attempt_marks (attempt_id, quiz_id, ord, choices, times)
    SELECT f.id, f.quiz_id, base.top + f.rn, m.choices, m.times
    FROM fresh f
    CROSS JOIN base
    CROSS JOIN LATERAL (
      SELECT coalesce(array_agg(c.choice ORDER BY c.ord), '{}') AS choices,
             coalesce(array_agg(c.t ORDER BY c.ord), '{}') AS times
      FROM (
        SELECT q.ord,
               (CASE
                  WHEN e."selectedOption" IS NULL THEN NULL
                  WHEN q.type = 'numeric' THEN
                    CASE WHEN e."selectedOption" ~ '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)$' AND length(e."selectedOption") <= 24
                         THEN CASE WHEN abs((e."selectedOption")::numeric - q.numeric_answer) <= coalesce(q.tolerance, 0)
                                   THEN 0 ELSE -1 END
                         ELSE -1 END
                  ELSE coalesce(array_position(q.texts, e."selectedOption") - 1, -1)
                END)::smallint AS choice,
               CASE WHEN jsonb_typeof(e."timeSpentMs") = 'number'
                         AND (e."timeSpentMs")::numeric >= 0 AND (e."timeSpentMs")::numeric < 2147483647
                    THEN round((e."timeSpentMs")::numeric)::int END AS t
        FROM qs q
        LEFT JOIN jsonb_to_recordset(f.answers) AS e("qnId" text, "selectedOption" text, "timeSpentMs" jsonb)
          ON e."qnId" = q.id_text
      ) c
    ) m
    ON CONFLICT (attempt_id) DO NOTHING;
  END LOOP;
END $$;
