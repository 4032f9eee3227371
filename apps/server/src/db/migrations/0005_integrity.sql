ALTER TABLE "quizzes" ADD COLUMN "show_score_on_submit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "shuffle_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "shuffle_choices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "otp_challenges_created_at_idx" ON "otp_challenges" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("provider","updated_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
-- Existing quizzes (ADR 014): the score on submit stays only on practice quizzes (free, exam "Other"); shuffling stays off.
UPDATE "quizzes" SET "show_score_on_submit" = true WHERE "price_paise" = 0 AND "exam" = 'Other';
