ALTER TABLE "questions" DROP CONSTRAINT "questions_ans_index_check";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "type" text DEFAULT 'mcq' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "numeric_answer" numeric;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "tolerance" numeric;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_numeric_answer_check" CHECK (("questions"."type" = 'numeric') = ("questions"."numeric_answer" is not null) and ("questions"."tolerance" is null or ("questions"."type" = 'numeric' and "questions"."tolerance" >= 0)));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_ans_index_check" CHECK ("questions"."type" = 'numeric' or ("questions"."ans_index" >= 0 and "questions"."ans_index" < jsonb_array_length("questions"."choices")));