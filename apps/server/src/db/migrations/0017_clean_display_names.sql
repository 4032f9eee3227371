-- Issue 29 item 4: names (and places, institutions) that others see, cleaned as the contract's
-- cleanDisplayText (packages/contract/src/domain/display-text.ts) cleans every new one: NFC; format
-- characters (direction overrides and isolates, zero-width space, BOM, soft hyphen, tags…), controls,
-- Hangul fillers, the combining grapheme joiner and U+FFFD (what a lone surrogate was stored as) go;
-- ZWJ/ZWNJ stay inside a word but not at its edges nor doubled; at most four combining accents in a
-- row; every kind of space is one space; trimmed. A name left without a letter (empty, or only ASCII
-- digits and signs) becomes "Learner", an empty place "Unknown", an empty institution NULL.
CREATE FUNCTION "quizcast_clean_display_text"(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    normalize(t, NFC),
    '[\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0001\U000E0020-\U000E007F\u115F\u1160\u3164\uFFA0\u034F\uFFFD]', '', 'g'),
    '[\u0001-\u001F\u007F-\u009F]', ' ', 'g'),
    '([\u200C\u200D])[\u200C\u200D]+', '\1', 'g'),
    '(^|[[:space:]\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000])[\u200C\u200D]', '\1', 'g'),
    '[\u200C\u200D]($|[[:space:]\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000])', '\1', 'g'),
    '([\u0300-\u036F]{4})[\u0300-\u036F]+', '\1', 'g'),
    '[[:space:]\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+', ' ', 'g'))
$$;
--> statement-breakpoint
UPDATE "users" SET
  "name" = CASE
    WHEN "quizcast_clean_display_text"("name") ~ '^[[:space:][:punct:][:digit:]]*$' THEN 'Learner'
    ELSE "quizcast_clean_display_text"("name") END,
  "place" = coalesce(nullif("quizcast_clean_display_text"("place"), ''), 'Unknown'),
  "school" = nullif("quizcast_clean_display_text"("school"), '')
WHERE "name" IS DISTINCT FROM "quizcast_clean_display_text"("name")
  OR "name" ~ '^[[:space:][:punct:][:digit:]]*$'
  OR "place" IS DISTINCT FROM "quizcast_clean_display_text"("place")
  OR "school" IS DISTINCT FROM nullif("quizcast_clean_display_text"("school"), '');
--> statement-breakpoint
DROP FUNCTION "quizcast_clean_display_text"(text);
