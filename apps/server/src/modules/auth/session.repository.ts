import { and, lte, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { UserRow } from '../students/student.repository';

export type SessionRow = typeof sessions.$inferSelect;

export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
}

/** Server-side sessions: one row per sign-in, named by the token's `sid` claim. */
export class SessionRepository {
  /** The session check's lookup on a cache miss, prepared once: the session and its user together. */
  private readonly withUser;

  constructor(private readonly db: Db) {
    this.withUser = db
      .select({ session: sessions, user: users })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('sid')))
      .limit(1)
      .prepare('session_with_user');
  }

  async create(userId: string, now: Date, expiresAt: Date): Promise<SessionRow> {
    const [row] = await this.db
      .insert(sessions)
      .values({ userId, createdAt: now, lastUsedAt: now, expiresAt })
      .returning();
    return row!;
  }

  /**
   * THE per-request lookup (one query): the session, unrevoked and unexpired, joined with its
   * user (role, deletion). A cache in front of it must be invalidated by `revoke`, `revokeAllForUser`
   * and every change of the user's role or deletion.
   */
  async findActiveSession(sid: string, now: Date): Promise<ActiveSession | undefined> {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sid),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          isNull(users.deletedAt),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * One session by id, whatever its state, with its user row (null if gone): the session check's
   * two cached lookups filled by one round trip (see SessionService).
   */
  async findSessionWithUser(sid: string): Promise<{ session: SessionRow; user: UserRow | null } | undefined> {
    const [row] = await this.withUser.execute({ sid });
    return row;
  }

  /**
   * Sliding expiry: called at most every few minutes per session, not on every request. Only when
   * the stored last use is still at or before `dueBefore` (another instance may have renewed it just
   * now) and the session is not revoked; the renewed row, or undefined when nothing was written.
   */
  async renew(sid: string, now: Date, expiresAt: Date, dueBefore: Date): Promise<SessionRow | undefined> {
    const [row] = await this.db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt })
      .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt), lte(sessions.lastUsedAt, dueBefore)))
      .returning();
    return row;
  }

  async revoke(sid: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)));
  }

  /** Log out of all devices; answers the ids it revoked (for cache invalidation). */
  async revokeAllForUser(userId: string, now: Date): Promise<string[]> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }

  /** Housekeeping: sessions that ended before `before` can never be used again. */
  async deleteEndedBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
      .returning({ id: sessions.id });
    return rows.length;
  }
}
