import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { OtpPurpose } from '@quizcast/contract/schemas/auth';
import type { Db } from '../../db/client';
import { otpChallenges } from '../../db/schema';

export type OtpChallengeRow = typeof otpChallenges.$inferSelect;

export class OtpRepository {
  constructor(private readonly db: Db) {}

  /**
   * The newest unused challenge for a phone, any purpose (resend cooldown). A code that was used
   * does not hold back the next one (log in right after signing up).
   */
  async latestPendingForPhone(phNo: string): Promise<OtpChallengeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phNo, phNo), isNull(otpChallenges.consumedAt)))
      .orderBy(desc(otpChallenges.createdAt))
      .limit(1);
    return row;
  }

  /** The newest unused challenge for this phone and purpose: the only one that can still verify. */
  async latestActive(phNo: string, purpose: OtpPurpose): Promise<OtpChallengeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(otpChallenges)
      .where(
        and(
          eq(otpChallenges.phNo, phNo),
          eq(otpChallenges.purpose, purpose),
          isNull(otpChallenges.consumedAt),
        ),
      )
      .orderBy(desc(otpChallenges.createdAt))
      .limit(1);
    return row;
  }

  /**
   * Issue a new challenge: every older unused code for this phone and purpose stops working, in one
   * transaction with the insert.
   */
  async issue(values: {
    phNo: string;
    purpose: OtpPurpose;
    codeHash: string;
    expiresAt: Date;
    now: Date;
  }): Promise<OtpChallengeRow> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(otpChallenges)
        .set({ consumedAt: values.now })
        .where(
          and(
            eq(otpChallenges.phNo, values.phNo),
            eq(otpChallenges.purpose, values.purpose),
            isNull(otpChallenges.consumedAt),
          ),
        );
      const [row] = await tx
        .insert(otpChallenges)
        .values({
          phNo: values.phNo,
          purpose: values.purpose,
          codeHash: values.codeHash,
          expiresAt: values.expiresAt,
          createdAt: values.now,
        })
        .returning();
      return row!;
    });
  }

  /** The SMS never left: forget the code entirely (no usable code, no cooldown). */
  async discard(id: string): Promise<void> {
    await this.db.delete(otpChallenges).where(eq(otpChallenges.id, id));
  }

  /**
   * Count one verification try, atomically and only while tries remain: returns false when the
   * code is used up or burned, so parallel guesses can never exceed the limit.
   */
  async reserveAttempt(id: string, maxAttempts: number): Promise<boolean> {
    const rows = await this.db
      .update(otpChallenges)
      .set({ failedAttempts: sql`${otpChallenges.failedAttempts} + 1` })
      .where(
        and(
          eq(otpChallenges.id, id),
          isNull(otpChallenges.consumedAt),
          lt(otpChallenges.failedAttempts, maxAttempts),
        ),
      )
      .returning({ id: otpChallenges.id });
    return rows.length === 1;
  }

  /**
   * Single use: only the first caller gets true. The try reserved for the right code is given back,
   * so `failed_attempts` counts wrong codes only (the per-phone lockout sums them).
   */
  async consume(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(otpChallenges)
      .set({ consumedAt: now, failedAttempts: sql`greatest(${otpChallenges.failedAttempts} - 1, 0)` })
      .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)))
      .returning({ id: otpChallenges.id });
    return rows.length === 1;
  }

  /** Wrong codes for a phone (every purpose) in challenges issued since `since`, and the oldest such. */
  async failuresSince(phNo: string, since: Date): Promise<{ failures: number; oldest: Date | null }> {
    const [row] = await this.db
      .select({
        failures: sql<string>`coalesce(sum(${otpChallenges.failedAttempts}), 0)`,
        oldest: sql<
          Date | string | null
        >`min(${otpChallenges.createdAt}) filter (where ${otpChallenges.failedAttempts} > 0)`,
      })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phNo, phNo), gte(otpChallenges.createdAt, since)));
    const oldest = row?.oldest ?? null;
    return { failures: Number(row?.failures ?? 0), oldest: oldest === null ? null : new Date(oldest) };
  }

  /** Housekeeping: challenges older than `before` are of no use to anyone. */
  async deleteOlderThan(before: Date): Promise<number> {
    const rows = await this.db
      .delete(otpChallenges)
      .where(lt(otpChallenges.createdAt, before))
      .returning({ id: otpChallenges.id });
    return rows.length;
  }
}
