DROP INDEX "questions_topic_idx";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "facility" double precision;--> statement-breakpoint
CREATE INDEX "questions_topic_idx" ON "questions" USING btree ("topic","quiz_id","facility","id") WHERE "questions"."dropped_at" is null and "questions"."topic" is not null;
--> statement-breakpoint
-- A question's facility follows its item analysis (ADR 024: the drill's difficulty band reads it with
-- the question instead of joining every analysed question): written with each analysis row, cleared
-- with it. Statement triggers: a quiz's analysis is one delete and one insert of all its questions.
CREATE FUNCTION "question_facility_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "questions" q SET "facility" = 100.0 * n."correct" / nullif(n."participants", 0)
  FROM new_rows n WHERE q."id" = n."question_id" AND q."quiz_id" = n."quiz_id"
    AND q."facility" IS DISTINCT FROM 100.0 * n."correct" / nullif(n."participants", 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "question_facility_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "questions" q SET "facility" = NULL
  FROM old_rows o WHERE q."id" = o."question_id" AND q."quiz_id" = o."quiz_id" AND q."facility" IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "question_facility_clear_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "questions" SET "facility" = NULL WHERE "facility" IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "item_analysis_facility_insert" AFTER INSERT ON "item_analysis"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "question_facility_set"();
--> statement-breakpoint
CREATE TRIGGER "item_analysis_facility_update" AFTER UPDATE ON "item_analysis"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "question_facility_set"();
--> statement-breakpoint
CREATE TRIGGER "item_analysis_facility_delete" AFTER DELETE ON "item_analysis"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "question_facility_clear"();
--> statement-breakpoint
CREATE TRIGGER "item_analysis_facility_truncate" AFTER TRUNCATE ON "item_analysis"
  FOR EACH STATEMENT EXECUTE FUNCTION "question_facility_clear_all"();
--> statement-breakpoint
UPDATE "questions" q SET "facility" = 100.0 * ia."correct" / nullif(ia."participants", 0)
FROM "item_analysis" ia WHERE q."id" = ia."question_id" AND q."quiz_id" = ia."quiz_id";
