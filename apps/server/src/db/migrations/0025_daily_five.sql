ALTER TABLE "reminder_settings" ADD COLUMN "daily_five_minute" smallint DEFAULT 480 NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD COLUMN "day" date;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_attempts_daily_five_key" ON "practice_attempts" USING btree ("user_id","day") WHERE "practice_attempts"."day" is not null;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_day_check" CHECK (("practice_attempts"."kind" = 'daily_five') = ("practice_attempts"."day" is not null));