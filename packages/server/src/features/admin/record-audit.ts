import type { Database } from '../../db/client.ts';
import { adminAudit, type UserRow } from '../../db/schema/index.ts';

/** Who acted, from where: every admin change carries it into the audit trail. */
export interface AdminActor {
  user: Pick<UserRow, 'id' | 'email'>;
  ip: string;
}

export interface AuditRecord {
  action: string;
  /** `id` is null for an Email Plus order whose account was deleted (decision 095). */
  target?: { id: string | null; email: string };
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  reason?: string;
}

/** Appends one entry; call it with the transaction that makes the change, so both land or neither. */
export async function recordAudit(db: Pick<Database, 'insert'>, actor: AdminActor, record: AuditRecord): Promise<void> {
  await db.insert(adminAudit).values({
    actorUserId: actor.user.id,
    actorEmail: actor.user.email,
    action: record.action,
    targetUserId: record.target?.id ?? null,
    targetEmail: record.target?.email ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    reason: record.reason ?? null,
    ip: actor.ip,
  });
}
