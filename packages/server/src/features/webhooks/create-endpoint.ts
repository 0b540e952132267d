import { randomBytes } from 'node:crypto';
import {
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointRequest,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
} from '@hound/contracts';
import { count, eq } from 'drizzle-orm';
import { users, webhookEndpoints } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { endpointViews } from './endpoint-views.ts';
import { newWebhookSecret } from './signing.ts';
import type { WebhookDeps } from './webhook-deps.ts';
import { checkWebhookUrl } from './webhook-target.ts';

/**
 * Adds an endpoint, `unverified` until a test event is answered 2xx. The URL must reach a public server
 * (422 otherwise); the secret is answered this once and stored sealed. At most `WEBHOOK_ENDPOINTS_MAX`
 * per account, counted under the user's row lock so parallel creations cannot pass it.
 */
export async function createEndpoint(
  deps: WebhookDeps,
  userId: string,
  input: CreateWebhookEndpointRequest,
): Promise<CreatedWebhookEndpoint> {
  const url = await checkWebhookUrl(input.url, deps.rules);
  const secret = newWebhookSecret();
  const sealed = await deps.box.seal(secret);
  const events = WEBHOOK_EVENT_TYPES.filter((type) => input.events.includes(type));
  const row = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId));
    if (Number(existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) {
      throw new AppError('WEBHOOK_ENDPOINTS_LIMIT', WEBHOOK_MESSAGES.tooMany);
    }
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({
        id: `we_${randomBytes(12).toString('base64url')}`,
        userId,
        url,
        description: input.description || null,
        events,
        secretSealed: sealed,
        createdAt: deps.now(),
      })
      .returning();
    return inserted!;
  });
  const [view] = await endpointViews(deps.db, [row], deps.now());
  return { ...view!, secret };
}
