import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { quizzes } from './quizzes';

/** Payments for paid quizzes and the provider's webhook events (applied once). */

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    orderId: text('order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    basePaise: integer('base_paise').notNull(),
    gstPaise: integer('gst_paise').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ['pending', 'success', 'failed'] })
      .notNull()
      .default('pending'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_order_id_key').on(t.orderId),
    index('payments_user_quiz_status_idx').on(t.userId, t.quizId, t.status),
    // The sweeper's scans of pending orders (reconciliation, expiry, fake captures).
    index('payments_pending_idx')
      .on(t.provider, t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
    check('payments_status_check', sql`${t.status} in ('pending', 'success', 'failed')`),
  ],
);

export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
