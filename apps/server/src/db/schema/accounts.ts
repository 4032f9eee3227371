import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Accounts: users, their sessions and sign-in codes, and what admins did. */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phNo: text('ph_no').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    place: text('place').notNull(),
    school: text('school'),
    class: text('class').notNull(),
    profilePicKey: text('profile_pic_key'),
    role: text('role', { enum: ['participant', 'admin'] })
      .notNull()
      .default('participant'),
    /** Where an admin role came from: 'ADMIN_PHONES' ends when the number leaves that list. */
    roleSource: text('role_source'),
    /** Privacy: leaderboards and the podium show only the initials of the name. */
    initialsOnly: boolean('initials_only').notNull().default(false),
    /** Privacy: the photo may appear on public surfaces (the landing podium). Off unless chosen. */
    publicPhoto: boolean('public_photo').notNull().default(false),
    /** Rehearses with compensatory time: every quiz's time × 4/3 (issue 26, ADR 023). Off unless chosen. */
    compensatoryTime: boolean('compensatory_time').notNull().default(false),
    /** Account deleted: personal data erased, the row kept (anonymised) so ranks stay true. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** "en" or "hi" once the user picks a language (issue 18); null until then. */
    preferredLanguage: text('preferred_language', { enum: ['en', 'hi'] }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_ph_no_key').on(t.phNo),
    check('users_role_check', sql`${t.role} in ('participant', 'admin')`),
    check('users_ph_no_check', sql`${t.phNo} ~ '^[0-9]{10}$' or ${t.deletedAt} is not null`),
    check('users_preferred_language_check', sql`${t.preferredLanguage} in ('en', 'hi')`),
  ],
);

/** One row per sign-in; the JWT's `sid` claim. Revoking the row ends that token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Sliding: renewed on use (at most every few minutes), never past the token's own expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Who did what as an admin (quiz create/edit/delete, key corrections, promotions, demotions). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin who acted; null for the system (ADMIN_PHONES at login, the admin CLI). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phNo: text('ph_no').notNull(),
    purpose: text('purpose', { enum: ['login', 'signup'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('otp_challenges_phone_purpose_idx').on(t.phNo, t.purpose, t.createdAt),
    // The sweeper's purge of old challenges (deleteOlderThan) scans by creation time.
    index('otp_challenges_created_at_idx').on(t.createdAt),
  ],
);
