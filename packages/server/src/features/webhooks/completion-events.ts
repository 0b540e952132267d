/**
 * What `search.completed` and `email_search.completed` say: the search's id, target, final status and
 * counts. Not its results: they can be thousands, and the receiver reads them with its key
 * (`GET /api/v1/searches/{id}`), so a delivery log never holds them.
 */
import type { WebhookEmailSearchCompleted, WebhookSearchCompleted } from '@hound/contracts';
import type { Database } from '../../db/client.ts';
import type { emailSearches, searches } from '../../db/schema/index.ts';
import { enqueueWebhookEvent } from './enqueue-webhook-event.ts';

type Tx = Pick<Database, 'select' | 'insert'>;

export async function emitSearchCompleted(
  tx: Tx,
  row: Pick<
    typeof searches.$inferSelect,
    | 'id'
    | 'userId'
    | 'username'
    | 'status'
    | 'error'
    | 'found'
    | 'done'
    | 'total'
    | 'rootId'
    | 'apiKeyId'
    | 'createdAt'
    | 'finishedAt'
  >,
): Promise<number> {
  if (!row.userId || row.status === 'queued' || row.status === 'running') return 0;
  const data: WebhookSearchCompleted = {
    search_id: row.id,
    username: row.username,
    status: row.status,
    ...(row.error ? { error: row.error } : {}),
    found: row.found,
    checked: row.done,
    total: row.total,
    ...(row.rootId && row.rootId !== row.id ? { root_id: row.rootId } : {}),
    api_key_id: row.apiKeyId,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
  return enqueueWebhookEvent(tx, { userId: row.userId, type: 'search.completed', data });
}

export async function emitEmailSearchCompleted(
  tx: Tx,
  row: Pick<
    typeof emailSearches.$inferSelect,
    | 'id'
    | 'userId'
    | 'email'
    | 'status'
    | 'error'
    | 'found'
    | 'done'
    | 'total'
    | 'apiKeyId'
    | 'createdAt'
    | 'finishedAt'
  >,
): Promise<number> {
  if (row.status === 'running') return 0;
  const data: WebhookEmailSearchCompleted = {
    search_id: row.id,
    email: row.email,
    status: row.status,
    ...(row.error ? { error: row.error } : {}),
    found: row.found,
    checked: row.done,
    total: row.total,
    api_key_id: row.apiKeyId,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
  return enqueueWebhookEvent(tx, { userId: row.userId, type: 'email_search.completed', data });
}
