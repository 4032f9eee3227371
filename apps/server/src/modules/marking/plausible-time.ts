/**
 * Plausible time (issue 29 item 3): a throw-away account that learnt the key could start, submit the
 * full key 30 ms later and rank first on time. No human answers that fast, so ranking refuses such
 * times. The rule is `plausibleTime` in marking.ts (its SQL twin `rankedElapsedSql`/`implausibleSql`
 * in marking.sql.ts, which the ranking statement `rankQuizAttempts` and the admin's provisional ranks
 * use; the practice's predicted rank calls `plausibleTime` itself):
 *
 * - the server records the time of each question it served (quizzes/question-time.ts: the interval
 *   of its own clock between saves, given to the questions whose answer a save changed), never the
 *   client's;
 * - an attempt's floor is its answered questions times `PLAUSIBLE_SECONDS_PER_ANSWER` (2 s by
 *   default); an attempt whose answered questions' server time is under it (for an answer saved before
 *   per-question time was recorded: whose elapsed time, start to submission, is) is flagged
 *   (`attempts.implausible_time`, shown to the admin on the participants screen) and ranked as if it
 *   took the floor (its elapsed time, at least the floor);
 * - at an equal score and ranked time, an unflagged attempt ranks before a flagged one.
 *
 * Publication ranks, and an answer-key correction ranks again, so a correction that ties a flagged
 * attempt with an honest one still puts the honest one first.
 */
export const DEFAULT_PLAUSIBLE_MS_PER_ANSWER = 2000;
