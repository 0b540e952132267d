/** An account's keys as the dashboard shows them: never a secret, with 30 days of usage per key. */
import type { ApiKey, ApiKeyScope, ApiUsageDay } from '@hound/contracts';
import { and, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ApiKeyRow, apiKeys, apiKeyUsage, creditLedger } from '../../db/schema/index.ts';
import { keyDisplay } from './key-format.ts';

const DAYS = 30;
const DAY_MS = 86_400_000;

/** The last 30 UTC days, oldest first. */
export function lastDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: DAYS }, (_, i) => new Date(today - (DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Per key, its usage on each of the last 30 days (zero days included); credits net of refunds, from the ledger. */
export async function usageOf(db: Database, keyIds: string[], now: Date): Promise<Map<string, ApiUsageDay[]>> {
  const days = lastDays(now);
  const out = new Map<string, ApiUsageDay[]>();
  if (keyIds.length === 0) return out;
  const counted = await db
    .select()
    .from(apiKeyUsage)
    .where(and(inArray(apiKeyUsage.keyId, keyIds), gte(apiKeyUsage.day, days[0]!)));
  const day = sql<string>`to_char(${creditLedger.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const spent = await db
    .select({ keyId: creditLedger.apiKeyId, day, credits: sql<string>`-sum(${creditLedger.delta})` })
    .from(creditLedger)
    .where(and(inArray(creditLedger.apiKeyId, keyIds), gte(creditLedger.createdAt, new Date(`${days[0]}T00:00:00Z`))))
    .groupBy(creditLedger.apiKeyId, day);
  for (const id of keyIds) {
    out.set(
      id,
      days.map((d) => {
        const c = counted.find((u) => u.keyId === id && u.day === d);
        const credits = Number(spent.find((s) => s.keyId === id && s.day === d)?.credits ?? 0);
        return {
          day: d,
          requests: c?.requests ?? 0,
          searches: c?.searches ?? 0,
          email_searches: c?.emailSearches ?? 0,
          credits,
        };
      }),
    );
  }
  return out;
}

export function toApiKey(row: ApiKeyRow, usage: ApiUsageDay[]): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: keyDisplay(row.id, row.last4),
    scopes: row.scopes as ApiKeyScope[],
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    rolled_at: row.rolledAt?.toISOString() ?? null,
    previous_valid_until: row.previousValidUntil?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    usage,
  };
}

/** Live keys, and keys revoked in the last 30 days (their usage is still in the chart). */
export async function listKeys(db: Database, userId: string, now: Date): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.userId, userId),
        or(isNull(apiKeys.revokedAt), gte(apiKeys.revokedAt, new Date(now.getTime() - DAYS * DAY_MS))),
      ),
    )
    .orderBy(desc(apiKeys.createdAt));
  const usage = await usageOf(
    db,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((row) => toApiKey(row, usage.get(row.id) ?? []));
}
