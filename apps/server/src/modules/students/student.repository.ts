import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  challengeLinks,
  learnerProgress,
  otpChallenges,
  reviewCards,
  reviewLogs,
  pushSubscriptions,
  reminderClaims,
  reminderSettings,
  reviewSettings,
  sessions,
  streakActivity,
  users,
} from '../../db/schema';
import type { Language } from '@quizcast/contract/i18n/languages';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Role = UserRow['role'];

export interface ProfileUpdate {
  name: string;
  place: string;
  school: string | null;
  class: string;
  /** undefined keeps the current photo; null removes it. */
  profilePicKey?: string | null;
}

/** Postgres unique_violation, from node-postgres or PGlite (possibly wrapped by Drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export class StudentRepository {
  /** The session check's lookup, prepared once (it runs on every authenticated request). */
  private readonly byId;

  constructor(private readonly db: Db) {
    this.byId = db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('user_by_id');
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.byId.execute({ id });
    return row;
  }

  async findByPhone(phNo: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.phNo, phNo)).limit(1);
    return row;
  }

  /** Throws a unique violation (see isUniqueViolation) when the phone is already registered. */
  async create(values: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  async updateProfile(id: string, update: ProfileUpdate, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...update, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** `source` records who granted an admin role ('ADMIN_PHONES', 'npm run admin'); null otherwise. */
  async setRole(id: string, role: Role, now: Date, source: string | null): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ role, roleSource: source, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** The user's language choice (issue 18). */
  async setPreferredLanguage(id: string, language: Language, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ preferredLanguage: language, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** The profile's compensatory-time choice (ADR 023): read by each attempt's start, never by a running one. */
  async setCompensatoryTime(id: string, compensatoryTime: boolean, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ compensatoryTime, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async setPrivacy(
    id: string,
    settings: { initialsOnly: boolean; publicPhoto: boolean },
    now: Date,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...settings, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /**
   * Account deletion (docs/privacy.md): in one transaction, erase every personal field (the phone
   * becomes a non-number so it can register again), end every session, drop learning history and
   * codes; attempts and payments stay, tied to the anonymous row, so ranks and accounts stay true.
   */
  async eraseAccount(user: UserRow, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          phNo: sql`'deleted:' || ${users.id}::text`,
          name: 'Deleted learner',
          email: null,
          place: '',
          school: null,
          class: '',
          profilePicKey: null,
          role: 'participant',
          roleSource: null,
          initialsOnly: false,
          publicPhoto: false,
          deletedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, user.id));
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
      await tx.delete(reviewLogs).where(eq(reviewLogs.userId, user.id));
      await tx.delete(reviewCards).where(eq(reviewCards.userId, user.id));
      // The target exam and its date say something about the learner too.
      await tx.delete(reviewSettings).where(eq(reviewSettings.userId, user.id));
      // Their cached progress page (quiz names, scores, ranks, weak topics).
      await tx.delete(learnerProgress).where(eq(learnerProgress.userId, user.id));
      await tx.delete(otpChallenges).where(eq(otpChallenges.phNo, user.phNo));
      // Issue 28: no push reaches a deleted account's browsers; its streak and reminders go too.
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
      await tx.delete(reminderSettings).where(eq(reminderSettings.userId, user.id));
      await tx.delete(reminderClaims).where(eq(reminderClaims.userId, user.id));
      await tx.delete(streakActivity).where(eq(streakActivity.userId, user.id));
      // Their shared results' links answer 404 from now on.
      await tx.delete(challengeLinks).where(eq(challengeLinks.userId, user.id));
    });
  }
}
