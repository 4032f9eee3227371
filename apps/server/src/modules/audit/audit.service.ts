import type { AuditAction, AuditLogResponse } from '@quizcast/contract/schemas/account';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { UserRow } from '../students/student.repository';
import { AuditRepository } from './audit.repository';

/** "9876543210" → "******3210": the log names an admin without keeping their whole number. */
export function maskPhone(phNo: string): string {
  return phNo.length > 4 ? `${'*'.repeat(phNo.length - 4)}${phNo.slice(-4)}` : phNo;
}

/** Who acted: an admin (by id, named as they are now) or the system (with how). */
export type AuditActor = UserRow | { system: 'ADMIN_PHONES' | 'npm run admin' };

export interface AuditEvent {
  action: AuditAction;
  targetType: 'quiz' | 'user';
  targetId: string | null;
  details?: Record<string, unknown>;
}

/** The admin audit log (issue 15 item 8): every admin action, readable by admins. */
export class AuditService {
  readonly repo: AuditRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new AuditRepository(db);
  }

  async record(actor: AuditActor, event: AuditEvent): Promise<void> {
    const system = 'system' in actor;
    await this.repo.record({
      at: this.clock.now(),
      actorId: system ? null : actor.id,
      actorLabel: system ? `system (${actor.system})` : `${actor.name} (${maskPhone(actor.phNo)})`,
      action: event.action,
      targetType: event.targetType,
      targetId: event.targetId,
      details: event.details ?? {},
    });
  }

  async list(page: number, limit: number): Promise<AuditLogResponse> {
    const { rows, total } = await this.repo.page((page - 1) * limit, limit);
    return {
      entries: rows.map((r) => ({
        _id: r.id,
        at: r.at.toISOString(),
        actor: r.actorName ?? r.actorLabel,
        actorId: r.actorId,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        details: r.details,
      })),
      total,
      page,
      limit,
    };
  }
}
