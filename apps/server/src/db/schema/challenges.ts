import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { quizzes } from './quizzes';

/**
 * Challenge links (issue 28, ADR 026): one per learner per quiz, `/c/<code>`. Withdrawing deletes the
 * row, so the code answers 404 at once on every instance; sharing again makes a new code.
 */
export const challengeLinks = pgTable(
  'challenge_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 16 random bytes, base64url (22 characters). */
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    /** The learner chose to show their name on this card (never when they chose initials only). */
    showName: boolean('show_name').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('challenge_links_code_key').on(t.code),
    uniqueIndex('challenge_links_user_quiz_key').on(t.userId, t.quizId),
    index('challenge_links_quiz_idx').on(t.quizId),
  ],
);
