import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column builders the tables share. */

/** PostgreSQL's `bit varying` (drizzle has no builder for it); read as its '0101…' text. */
export const varbit = customType<{ data: string }>({ dataType: () => 'bit varying' });

/** `created_at` and `updated_at`, both set on insert. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
