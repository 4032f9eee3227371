CREATE TABLE "quiz_list_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_list_version_one_row" CHECK ("quiz_list_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "quiz_list_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Bumped in the transaction of every statement that can change what the participant list shows
-- (ADR 012, "The participant list"): a statement trigger, so a bulk import is one bump.
CREATE FUNCTION "bump_quiz_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "quiz_list_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quizzes_list_version_rows" AFTER INSERT OR DELETE ON "quizzes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_quiz_list_version"();
--> statement-breakpoint
CREATE TRIGGER "quizzes_list_version_truncate" AFTER TRUNCATE ON "quizzes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_quiz_list_version"();
--> statement-breakpoint
CREATE TRIGGER "quizzes_list_version_update"
  AFTER UPDATE OF "id", "published", "name", "exam", "class", "duration_min", "start_at", "end_at", "price_paise"
  ON "quizzes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_quiz_list_version"();
