CREATE TABLE "item_analysis" (
	"quiz_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"participants" integer NOT NULL,
	"group_size" integer NOT NULL,
	"correct" integer NOT NULL,
	"top_correct" integer NOT NULL,
	"bottom_correct" integer NOT NULL,
	"option_counts" jsonb NOT NULL,
	"top_option_counts" jsonb NOT NULL,
	"skipped" integer NOT NULL,
	"timed_count" integer NOT NULL,
	"avg_time_ms" double precision,
	"top10_median_time_ms" double precision,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_analysis_quiz_id_question_id_pk" PRIMARY KEY("quiz_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "key_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"question_number" integer NOT NULL,
	"admin_id" uuid,
	"old_ans_index" integer NOT NULL,
	"new_ans_index" integer,
	"dropped" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_analysis" ADD CONSTRAINT "item_analysis_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_analysis" ADD CONSTRAINT "item_analysis_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_corrections" ADD CONSTRAINT "key_corrections_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_corrections" ADD CONSTRAINT "key_corrections_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_corrections" ADD CONSTRAINT "key_corrections_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_corrections_quiz_idx" ON "key_corrections" USING btree ("quiz_id","created_at");