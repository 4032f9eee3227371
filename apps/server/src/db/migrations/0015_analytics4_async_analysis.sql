CREATE TABLE "learner_progress" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"stamp" text NOT NULL,
	"body" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "analysed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "results_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_progress" ADD CONSTRAINT "learner_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quizzes_analysis_pending_idx" ON "quizzes" USING btree ("results_published_at") WHERE "quizzes"."results_published_at" is not null and "quizzes"."analysed_at" is null;
--> statement-breakpoint
-- Quizzes published before this migration whose item analysis exists are whole; the rest (published,
-- never analysed) are finished by the sweeper's analysis step.
UPDATE "quizzes" SET "analysed_at" = "results_published_at"
WHERE "results_published_at" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "item_analysis" ia WHERE ia."quiz_id" = "quizzes"."id");
