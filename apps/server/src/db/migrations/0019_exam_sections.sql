ALTER TABLE "attempts" ADD COLUMN "sections" jsonb;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "section_results" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "section" smallint;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "sections" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "navigation" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_navigation_check" CHECK ("quizzes"."navigation" in ('free', 'locked'));