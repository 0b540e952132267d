import { API_KEY_MESSAGES, API_KEY_SCOPES, type CreateApiKeyRequest, type CreatedApiKey } from '@hound/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import { apiKeys, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type AdminActor, recordAudit } from '../admin/record-audit.ts';
import type { ApiKeyDeps } from './api-key-deps.ts';
import { apiLimitsFor, hasApiAccess } from './api-limits.ts';
import { newApiKey, newKeyId } from './key-format.ts';
import { keyHasher } from './key-hash.ts';
import { lastDays, toApiKey } from './list-keys.ts';

/**
 * Creates a key and answers it in full, this once. The plan must include API access (403
 * `API_PLAN_REQUIRED`) and room for another live key (409 `API_KEYS_LIMIT`), counted under the user's row
 * lock so parallel creations cannot pass the cap. The audit log records it.
 */
export async function createKey(
  deps: ApiKeyDeps,
  actor: AdminActor,
  input: CreateApiKeyRequest,
): Promise<CreatedApiKey> {
  const hash = keyHasher(await deps.serverKey());
  const id = newKeyId();
  const fresh = newApiKey(id);
  const now = deps.now();
  const scopes = API_KEY_SCOPES.filter((s) => input.scopes.includes(s));
  const row = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, actor.user.id)).for('update');
    const limits = apiLimitsFor(user!.plan, deps.limits);
    if (!hasApiAccess(limits)) throw new AppError('API_PLAN_REQUIRED', API_KEY_MESSAGES.planRequired);
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, actor.user.id), isNull(apiKeys.revokedAt)));
    if (Number(live?.n ?? 0) >= limits.max_keys) throw new AppError('API_KEYS_LIMIT', API_KEY_MESSAGES.tooMany);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        id,
        userId: actor.user.id,
        name: input.name,
        scopes,
        secretHash: hash(fresh.secret),
        last4: fresh.last4,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'apikey.create',
      target: { id: actor.user.id, email: actor.user.email },
      after: { key_id: id, name: input.name, scopes },
    });
    return inserted!;
  });
  return { ...toApiKey(row, emptyUsage(now)), key: fresh.key };
}

export function emptyUsage(now: Date) {
  return lastDays(now).map((day) => ({ day, requests: 0, searches: 0, email_searches: 0, credits: 0 }));
}
