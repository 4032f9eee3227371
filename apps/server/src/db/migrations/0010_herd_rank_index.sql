DROP INDEX "attempts_quiz_rank_idx";--> statement-breakpoint
CREATE INDEX "attempts_quiz_rank_idx" ON "attempts" USING btree ("quiz_id","rank") WHERE "attempts"."rank" is not null;