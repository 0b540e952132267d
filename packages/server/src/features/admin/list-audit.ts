import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adminAudit } from '../../db/schema/index.ts';

/** The audit trail, newest first; optionally only the entries about one target address. */
export async function listAudit(db: Database, query: { target?: string; limit: number; skip: number }) {
  const where = query.target ? eq(adminAudit.targetEmail, query.target.trim().toLowerCase()) : undefined;
  const rows = await db
    .select()
    .from(adminAudit)
    .where(where)
    .orderBy(desc(adminAudit.id))
    .limit(query.limit)
    .offset(query.skip);
  const [total] = await db.select({ n: count() }).from(adminAudit).where(where);
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      actor_email: r.actorEmail,
      action: r.action,
      target_email: r.targetEmail,
      before: r.before,
      after: r.after,
      reason: r.reason,
      ip: r.ip,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
