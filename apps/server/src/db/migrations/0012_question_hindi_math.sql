ALTER TABLE "questions" ADD COLUMN "qn_hi" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "choices_hi" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation_hi" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "math" jsonb;