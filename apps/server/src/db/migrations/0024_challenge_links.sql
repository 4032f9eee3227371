CREATE TABLE "challenge_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"show_name" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenge_links" ADD CONSTRAINT "challenge_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_links" ADD CONSTRAINT "challenge_links_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_links_code_key" ON "challenge_links" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_links_user_quiz_key" ON "challenge_links" USING btree ("user_id","quiz_id");--> statement-breakpoint
CREATE INDEX "challenge_links_quiz_idx" ON "challenge_links" USING btree ("quiz_id");