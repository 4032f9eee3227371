CREATE TABLE "quiz_time_overrides" (
	"quiz_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"extra_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_time_overrides_quiz_id_user_id_pk" PRIMARY KEY("quiz_id","user_id"),
	CONSTRAINT "quiz_time_overrides_extra_minutes_check" CHECK ("quiz_time_overrides"."extra_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "compensatory_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "extra_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_time_overrides" ADD CONSTRAINT "quiz_time_overrides_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_time_overrides" ADD CONSTRAINT "quiz_time_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;