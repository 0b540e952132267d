import { API_KEY_MESSAGES } from '@hound/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type AdminActor, recordAudit } from '../admin/record-audit.ts';
import type { ApiKeyDeps } from './api-key-deps.ts';

/**
 * Revokes a key now, with any previous secret a roll left valid. Every node refuses it from the moment
 * this answers (the bus message, and at worst within the one-second cache bound). The row stays for its
 * usage history; the audit log records the revoke.
 */
export async function revokeKey(deps: ApiKeyDeps, actor: AdminActor, keyId: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: now, previousSecretHash: null, previousValidUntil: null })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, actor.user.id), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name });
    if (!revoked) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
    await recordAudit(tx, actor, {
      action: 'apikey.revoke',
      target: { id: actor.user.id, email: actor.user.email },
      after: { key_id: keyId, name: revoked.name },
    });
  });
  await deps.keys.changed(keyId);
}
