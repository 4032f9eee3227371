import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'id'>;

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async record(entry: NewAuditEntry): Promise<void> {
    await this.db.insert(auditLog).values(entry);
  }

  /** Newest first, with the acting admin's current name. */
  async page(
    offset: number,
    limit: number,
  ): Promise<{ rows: (AuditRow & { actorName: string | null })[]; total: number }> {
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          actorId: auditLog.actorId,
          actorLabel: auditLog.actorLabel,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          details: auditLog.details,
          actorName: users.name,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(auditLog),
    ]);
    return { rows, total: totals?.n ?? 0 };
  }
}
