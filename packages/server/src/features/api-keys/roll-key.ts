import { API_KEY_MESSAGES, type CreatedApiKey } from '@hound/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type AdminActor, recordAudit } from '../admin/record-audit.ts';
import type { ApiKeyDeps } from './api-key-deps.ts';
import { newApiKey } from './key-format.ts';
import { keyHasher } from './key-hash.ts';
import { toApiKey, usageOf } from './list-keys.ts';

/** How long the secret a roll replaces keeps working, so callers can switch without downtime. */
export const ROLL_OVERLAP_MS = 24 * 3600 * 1000;

/**
 * Gives a live key a new secret (same id, scopes and usage) and answers it in full, once. The previous
 * secret works for 24 more hours; a roll within them ends the older one at once (only one previous secret
 * is kept). The cached copies on every node are dropped after the commit; the audit log records it.
 */
export async function rollKey(deps: ApiKeyDeps, actor: AdminActor, keyId: string): Promise<CreatedApiKey> {
  const hash = keyHasher(await deps.serverKey());
  const fresh = newApiKey(keyId);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, actor.user.id), isNull(apiKeys.revokedAt)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
    const [updated] = await tx
      .update(apiKeys)
      .set({
        secretHash: hash(fresh.secret),
        last4: fresh.last4,
        previousSecretHash: current.secretHash,
        previousValidUntil: new Date(now.getTime() + ROLL_OVERLAP_MS),
        rolledAt: now,
      })
      .where(eq(apiKeys.id, keyId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'apikey.roll',
      target: { id: actor.user.id, email: actor.user.email },
      after: { key_id: keyId, previous_valid_until: updated!.previousValidUntil?.toISOString() },
    });
    return updated!;
  });
  await deps.keys.changed(keyId);
  const usage = await usageOf(deps.db, [keyId], now);
  return { ...toApiKey(row, usage.get(keyId) ?? []), key: fresh.key };
}
