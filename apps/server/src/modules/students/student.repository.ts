import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

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
}
