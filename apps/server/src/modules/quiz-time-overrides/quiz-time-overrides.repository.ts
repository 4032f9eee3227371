import { and, asc, eq, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, quizTimeOverrides, quizzes, users } from '../../db/schema';

export interface TimeOverrideRow {
  userId: string;
  name: string;
  phNo: string;
  extraMinutes: number;
}

/** The only code of the admin's extra minutes (ADR 023) that talks to Drizzle. */
export class QuizTimeOverridesRepository {
  constructor(private readonly db: Db) {}

  async quizExists(quizId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: quizzes.id })
      .from(quizzes)
      .where(eq(quizzes.id, quizId))
      .limit(1);
    return row !== undefined;
  }

  /** A learner (not a deleted account) by phone number. */
  async learnerByPhone(phNo: string): Promise<{ id: string } | undefined> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.phNo, phNo)).limit(1);
    return row;
  }

  async list(quizId: string): Promise<TimeOverrideRow[]> {
    return this.db
      .select({
        userId: quizTimeOverrides.userId,
        name: users.name,
        phNo: users.phNo,
        extraMinutes: quizTimeOverrides.extraMinutes,
      })
      .from(quizTimeOverrides)
      .innerJoin(users, eq(users.id, quizTimeOverrides.userId))
      .where(eq(quizTimeOverrides.quizId, quizId))
      .orderBy(asc(users.name), asc(users.id));
  }

  /**
   * Sets (or, with 0, removes) the learner's extra minutes unless their attempt has started; returns
   * the previous minutes (0: none), or 'started' (nothing changed). The check runs after the write,
   * in the same transaction, so a start that committed first is always seen; a start whose statement
   * overlaps the grant's commit to the millisecond may still miss it (ADR 023).
   */
  async set(quizId: string, userId: string, extraMinutes: number, now: Date): Promise<number | 'started'> {
    return this.db
      .transaction(async (tx) => {
        const key = and(eq(quizTimeOverrides.quizId, quizId), eq(quizTimeOverrides.userId, userId));
        const [previous] = await tx
          .select({ extraMinutes: quizTimeOverrides.extraMinutes })
          .from(quizTimeOverrides)
          .where(key)
          .for('update');
        if (extraMinutes === 0) await tx.delete(quizTimeOverrides).where(key);
        else
          await tx
            .insert(quizTimeOverrides)
            .values({ quizId, userId, extraMinutes, createdAt: now, updatedAt: now })
            .onConflictDoUpdate({
              target: [quizTimeOverrides.quizId, quizTimeOverrides.userId],
              set: { extraMinutes, updatedAt: now },
            });
        const [started] = await tx
          .select({ id: attempts.id })
          .from(attempts)
          .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, userId)))
          .limit(1);
        if (started) tx.rollback();
        return previous?.extraMinutes ?? 0;
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return 'started' as const;
        throw err;
      });
  }
}
