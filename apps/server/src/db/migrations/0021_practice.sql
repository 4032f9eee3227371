CREATE TABLE "practice_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quiz_id" uuid,
	"title" text NOT NULL,
	"exam" text NOT NULL,
	"question_ids" uuid[] NOT NULL,
	"timed" boolean NOT NULL,
	"instant_feedback" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"submitted_at" timestamp with time zone,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"mark_correct" double precision NOT NULL,
	"mark_wrong" double precision NOT NULL,
	"score" double precision,
	"correct_count" integer,
	"wrong_count" integer,
	"elapsed_ms" integer,
	"predicted" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_attempts_kind_check" CHECK (("practice_attempts"."kind" = 'quiz') = ("practice_attempts"."quiz_id" is not null)),
	CONSTRAINT "practice_attempts_status_check" CHECK ("practice_attempts"."status" in ('in_progress', 'submitted'))
);
--> statement-breakpoint
CREATE TABLE "practice_question_state" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"last_correct" boolean NOT NULL,
	"answered" integer DEFAULT 1 NOT NULL,
	"last_answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "practice_question_state_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "previous_year" smallint;--> statement-breakpoint
ALTER TABLE "review_settings" ADD COLUMN "cards_from_practice" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_question_state" ADD CONSTRAINT "practice_question_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_question_state" ADD CONSTRAINT "practice_question_state_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_attempts_user_idx" ON "practice_attempts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "practice_attempts_quiz_user_idx" ON "practice_attempts" USING btree ("quiz_id","user_id");--> statement-breakpoint
CREATE INDEX "questions_topic_idx" ON "questions" USING btree ("topic","quiz_id") WHERE "questions"."dropped_at" is null and "questions"."topic" is not null;--> statement-breakpoint
CREATE INDEX "quizzes_practisable_exam_idx" ON "quizzes" USING btree ("exam","id") WHERE "quizzes"."published" and "quizzes"."results_published_at" is not null;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_previous_year_check" CHECK ("quizzes"."previous_year" is null or "quizzes"."previous_year" between 1950 and 2100);