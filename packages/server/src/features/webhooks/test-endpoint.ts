import { WEBHOOK_MESSAGES, WEBHOOK_TEST_EVENT } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { endpointViews, ownEndpoint } from './endpoint-views.ts';
import { eventBody, newMessageId } from './enqueue-webhook-event.ts';
import { sendAttempt } from './send-attempt.ts';
import type { WebhookDeps } from './webhook-deps.ts';
import { checkWebhookUrl } from './webhook-target.ts';

/**
 * Sends a signed `webhook.test` event now (no transaction is open meanwhile). A 2xx answer verifies the
 * endpoint and (re-)enables it; anything else is a 422 `WEBHOOK_TEST_FAILED` naming the status or error,
 * and changes nothing. The attempt is kept in the delivery log either way.
 */
export async function testEndpoint(deps: WebhookDeps, userId: string, id: string) {
  const endpoint = await ownEndpoint(deps.db, userId, id);
  // The address rule is checked again: the name may resolve elsewhere since the endpoint was created.
  await checkWebhookUrl(endpoint.url, deps.rules);
  const at = deps.now();
  const message = {
    id: newMessageId(),
    body: eventBody(WEBHOOK_TEST_EVENT, { endpoint_id: endpoint.id }, at),
  };
  const outcome = await sendAttempt(
    deps.sender.dispatcher,
    { url: endpoint.url, secret: await deps.box.open(endpoint.secretSealed) },
    message,
    at,
    deps.sender.userAgent,
  );
  await deps.db.insert(webhookDeliveries).values({
    id: message.id,
    endpointId: endpoint.id,
    userId,
    eventType: WEBHOOK_TEST_EVENT,
    body: message.body,
    status: outcome.ok ? 'delivered' : 'failed',
    attempts: 1,
    nextAttemptAt: at,
    retryFrom: at,
    lastHttpStatus: outcome.httpStatus,
    lastError: outcome.ok ? null : outcome.error,
    createdAt: at,
    deliveredAt: outcome.ok ? at : null,
  });
  if (!outcome.ok) {
    const why = outcome.httpStatus ? `it answered HTTP ${outcome.httpStatus}` : `error: ${outcome.error}`;
    throw new AppError('WEBHOOK_TEST_FAILED', `${WEBHOOK_MESSAGES.testFailed} (${why}).`);
  }
  const [verified] = await deps.db
    .update(webhookEndpoints)
    .set({ status: 'active', disabledReason: null, verifiedAt: at })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning();
  const [view] = await endpointViews(deps.db, [verified!], at);
  return { ok: true as const, http_status: outcome.httpStatus, endpoint: view! };
}
