import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonText } from './json-text.ts';

/**
 * Append-only trail of every admin action: who did what to whom, the state before and after, why, when and
 * from where. Written in the same transaction as the change. Actor and target are kept as snapshots (id and
 * address) so the trail survives the deletion of either account.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    actorUserId: text('actor_user_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** e.g. `user.plan.update`, `credits.grant`, `credits.deduct`, `emailplus.order.deliver`. */
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    targetEmail: text('target_email'),
    before: jsonText<Record<string, unknown> | null>('before'),
    after: jsonText<Record<string, unknown> | null>('after'),
    reason: text('reason'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt), index('admin_audit_target_idx').on(t.targetUserId)],
);

export type AdminAuditRow = typeof adminAudit.$inferSelect;
