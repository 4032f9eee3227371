import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

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
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
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

  async setRole(id: string, role: Role, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ role, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Revokes every token signed before (logout everywhere). */
  async bumpTokenVersion(id: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async list(options: { page: number; limit: number; searchTerm?: string }): Promise<{
    rows: UserRow[];
    total: number;
  }> {
    const filters: SQL[] = [];
    if (options.searchTerm) {
      const pattern = `%${options.searchTerm.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(or(ilike(users.name, pattern), ilike(users.phNo, pattern))!);
    }
    const where = filters.length ? and(...filters) : undefined;
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(options.limit)
        .offset((options.page - 1) * options.limit),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }
}
