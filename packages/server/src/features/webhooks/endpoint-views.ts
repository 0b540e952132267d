/** An account's endpoints as the API shows them (never the secret), and the owner check every route uses. */
import { WEBHOOK_MESSAGES, type WebhookEndpoint, type WebhookEventType } from '@hound/contracts';
import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type WebhookEndpointRow, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

const RECENT_MS = 30 * 24 * 3600 * 1000;

/** The caller's endpoint, or the 404 anyone else gets (an admin too: endpoints are their owner's). */
export async function ownEndpoint(db: Database, userId: string, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  return row;
}

export async function listEndpoints(db: Database, userId: string, now: Date): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt));
  return endpointViews(db, rows, now);
}

/** Endpoints with their counts of failed (last 30 days) and waiting deliveries. */
export async function endpointViews(db: Database, rows: WebhookEndpointRow[], now: Date): Promise<WebhookEndpoint[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status, n: count() })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(
          webhookDeliveries.endpointId,
          rows.map((r) => r.id),
        ),
        inArray(webhookDeliveries.status, ['failed', 'pending']),
        gte(webhookDeliveries.createdAt, new Date(now.getTime() - RECENT_MS)),
      ),
    )
    .groupBy(webhookDeliveries.endpointId, webhookDeliveries.status);
  const countOf = (id: string, status: string) =>
    Number(counts.find((c) => c.endpointId === id && c.status === status)?.n ?? 0);
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    status: row.status,
    disabled_reason: row.disabledReason,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    failed_recently: countOf(row.id, 'failed'),
    pending: countOf(row.id, 'pending'),
  }));
}
