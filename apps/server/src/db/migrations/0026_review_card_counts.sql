CREATE TABLE "review_card_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"new_cards" integer DEFAULT 0 NOT NULL,
	"learning" integer DEFAULT 0 NOT NULL,
	"suspended" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Kept in step with review_cards (issue 31): inserts and deletes by statement (a publication's bulk
-- insert is one upsert per learner), updates by row and only when a card changes category (a usual
-- grading changes none, so fires nothing). Each delta is an upsert, so concurrent changes add up.
CREATE FUNCTION "review_card_counts_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "review_card_counts" AS c ("user_id", "active", "new_cards", "learning", "suspended")
    SELECT "user_id",
           count(*) FILTER (WHERE "suspended_at" IS NULL),
           count(*) FILTER (WHERE "suspended_at" IS NULL AND "review_count" = 0),
           count(*) FILTER (WHERE "suspended_at" IS NULL AND "review_count" > 0 AND "state" IN (1, 3)),
           count(*) FILTER (WHERE "suspended_at" IS NOT NULL)
    FROM new_cards GROUP BY "user_id" ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET
      "active" = c."active" + excluded."active", "new_cards" = c."new_cards" + excluded."new_cards",
      "learning" = c."learning" + excluded."learning", "suspended" = c."suspended" + excluded."suspended";
  ELSE
    INSERT INTO "review_card_counts" AS c ("user_id", "active", "new_cards", "learning", "suspended")
    SELECT "user_id",
           -count(*) FILTER (WHERE "suspended_at" IS NULL),
           -count(*) FILTER (WHERE "suspended_at" IS NULL AND "review_count" = 0),
           -count(*) FILTER (WHERE "suspended_at" IS NULL AND "review_count" > 0 AND "state" IN (1, 3)),
           -count(*) FILTER (WHERE "suspended_at" IS NOT NULL)
    FROM old_cards GROUP BY "user_id" ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET
      "active" = c."active" + excluded."active", "new_cards" = c."new_cards" + excluded."new_cards",
      "learning" = c."learning" + excluded."learning", "suspended" = c."suspended" + excluded."suspended";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "review_card_counts_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_active int := (OLD."suspended_at" IS NULL)::int;
  is_active int := (NEW."suspended_at" IS NULL)::int;
BEGIN
  INSERT INTO "review_card_counts" AS c ("user_id", "active", "new_cards", "learning", "suspended")
  VALUES (OLD."user_id", -was_active, -was_active * (OLD."review_count" = 0)::int,
          -was_active * (OLD."review_count" > 0 AND OLD."state" IN (1, 3))::int, was_active - 1)
  ON CONFLICT ("user_id") DO UPDATE SET
    "active" = c."active" + excluded."active", "new_cards" = c."new_cards" + excluded."new_cards",
    "learning" = c."learning" + excluded."learning", "suspended" = c."suspended" + excluded."suspended";
  INSERT INTO "review_card_counts" AS c ("user_id", "active", "new_cards", "learning", "suspended")
  VALUES (NEW."user_id", is_active, is_active * (NEW."review_count" = 0)::int,
          is_active * (NEW."review_count" > 0 AND NEW."state" IN (1, 3))::int, 1 - is_active)
  ON CONFLICT ("user_id") DO UPDATE SET
    "active" = c."active" + excluded."active", "new_cards" = c."new_cards" + excluded."new_cards",
    "learning" = c."learning" + excluded."learning", "suspended" = c."suspended" + excluded."suspended";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "review_cards_counts_insert" AFTER INSERT ON "review_cards"
  REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION "review_card_counts_rows"();
--> statement-breakpoint
CREATE TRIGGER "review_cards_counts_delete" AFTER DELETE ON "review_cards"
  REFERENCING OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION "review_card_counts_rows"();
--> statement-breakpoint
CREATE TRIGGER "review_cards_counts_update" AFTER UPDATE OF "user_id", "suspended_at", "review_count", "state"
  ON "review_cards" FOR EACH ROW
  WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id"
        OR (OLD."suspended_at" IS NULL) IS DISTINCT FROM (NEW."suspended_at" IS NULL)
        OR (OLD."review_count" = 0) IS DISTINCT FROM (NEW."review_count" = 0)
        OR (OLD."state" IN (1, 3)) IS DISTINCT FROM (NEW."state" IN (1, 3)))
  EXECUTE FUNCTION "review_card_counts_row"();
--> statement-breakpoint
CREATE FUNCTION "review_card_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "review_card_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "review_cards_counts_truncate" AFTER TRUNCATE ON "review_cards"
  FOR EACH STATEMENT EXECUTE FUNCTION "review_card_counts_clear"();
--> statement-breakpoint
INSERT INTO "review_card_counts" ("user_id", "active", "new_cards", "learning", "suspended")
SELECT "user_id",
       count(*) FILTER (WHERE "suspended_at" IS NULL),
       count(*) FILTER (WHERE "suspended_at" IS NULL AND "review_count" = 0),
       count(*) FILTER (WHERE "suspended_at" IS NULL AND "review_count" > 0 AND "state" IN (1, 3)),
       count(*) FILTER (WHERE "suspended_at" IS NOT NULL)
FROM "review_cards" GROUP BY "user_id";
