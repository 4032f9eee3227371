import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Instance-independent facts of the app. */

/** Small key/value table for instance-independent facts (e.g. when the demo data was seeded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
