/** An endpoint's delivery log (newest first) and redelivery of one delivery. */
import { WEBHOOK_MESSAGES, type WebhookDelivery } from '@hound/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { type WebhookDeliveryRow, webhookDeliveries } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { ownEndpoint } from './endpoint-views.ts';
import type { WebhookDeps } from './webhook-deps.ts';

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    last_http_status: row.lastHttpStatus,
    last_error: row.lastError,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

export async function listDeliveries(
  deps: WebhookDeps,
  userId: string,
  endpointId: string,
  page: { limit: number; skip: number },
) {
  await ownEndpoint(deps.db, userId, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const rows = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit)
    .offset(page.skip);
  const [total] = await deps.db.select({ n: count() }).from(webhookDeliveries).where(where);
  return { items: rows.map(toDelivery), total: Number(total?.n ?? 0) };
}

/**
 * Sends a delivery again with the same `webhook-id` (receivers deduplicate on it), with a fresh 24 h
 * window. Only to an active endpoint: a disabled one is enabled again by a passing test event first.
 */
export async function redeliver(
  deps: WebhookDeps,
  userId: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(deps.db, userId, endpointId);
  if (endpoint.status !== 'active') throw new AppError('WEBHOOK_NOT_VERIFIED', WEBHOOK_MESSAGES.notVerified);
  const at = deps.now();
  const [row] = await deps.db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: at, retryFrom: at, deliveredAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
  deps.sender.flush();
  return toDelivery(row);
}
