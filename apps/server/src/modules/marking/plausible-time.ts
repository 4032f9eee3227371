/**
 * Plausible time (issue 29 item 3): a throw-away account that learnt the key could start, submit the
 * full key 30 ms later and rank first on time. No human answers that fast, so ranking refuses such
 * times. The rule, in one place (the ranking statement, `rankQuizAttempts`, applies it in SQL):
 *
 * - an attempt's floor is its answered questions times `PLAUSIBLE_SECONDS_PER_ANSWER` (2 s by
 *   default); its time is the server's (start to submission, `attempts.elapsed_ms`), never the
 *   client's;
 * - an attempt under its floor is ranked as if it took the floor, and flagged
 *   (`attempts.implausible_time`, shown to the admin on the participants screen);
 * - at an equal score and ranked time, an unflagged attempt ranks before a flagged one.
 *
 * Publication ranks, and an answer-key correction ranks again, so a correction that ties a flagged
 * attempt with an honest one still puts the honest one first.
 */
export const DEFAULT_PLAUSIBLE_MS_PER_ANSWER = 2000;
