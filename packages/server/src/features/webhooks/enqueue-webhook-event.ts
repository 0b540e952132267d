/**
 * The one way producers emit a webhook event (search and email-search completion, watch events): inside the
 * producer's own transaction, one delivery row per active endpoint of that user subscribed to the type.
 * Nothing is sent here; every process's sender sends after commit (decision 142).
 */
import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@hound/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

export interface WebhookEvent {
  userId: string;
  type: WebhookEventType;
  /** What the event says; never more than the account's owner could read through the API. */
  data: Record<string, unknown>;
}

/** `msg_` + 128 random bits: the `webhook-id` receivers deduplicate on. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The signed body: Standard Webhooks' `{type, timestamp, data}`. */
export function eventBody(type: string, data: Record<string, unknown>, at: Date): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/** Inserts the deliveries of `event` with the caller's transaction; answers how many endpoints will get it. */
export async function enqueueWebhookEvent(
  tx: Pick<Database, 'select' | 'insert'>,
  event: WebhookEvent,
): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, event.userId), eq(webhookEndpoints.status, 'active')));
  const subscribed = endpoints.filter((endpoint) => endpoint.events.includes(event.type));
  if (subscribed.length === 0) return 0;
  const body = eventBody(event.type, event.data, new Date());
  await tx.insert(webhookDeliveries).values(
    subscribed.map((endpoint) => ({
      id: newMessageId(),
      endpointId: endpoint.id,
      userId: event.userId,
      eventType: event.type,
      body,
    })),
  );
  return subscribed.length;
}
