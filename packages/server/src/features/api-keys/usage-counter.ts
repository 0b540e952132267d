/**
 * Requests and searches per API key and UTC day, counted in memory and added to `api_key_usage` every few
 * seconds (one upsert per key and day), so a request costs no write. A crash loses at most the last few
 * seconds of counts; credits are never counted here (the ledger has them exactly).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { apiKeyUsage } from '../../db/schema/index.ts';

const FLUSH_MS = 5000;

export type UsageField = 'requests' | 'searches' | 'emailSearches';

export interface UsageCounter {
  add(keyId: string, field: UsageField, now: Date): void;
  /** Writes what is counted (the dashboard reads after it; tests call it). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createUsageCounter(db: Database, log: FastifyBaseLogger): UsageCounter {
  let counts = new Map<
    string,
    { keyId: string; day: string; requests: number; searches: number; emailSearches: number }
  >();
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: typeof counts) {
    for (const c of batch.values()) {
      await db
        .insert(apiKeyUsage)
        .values(c)
        .onConflictDoUpdate({
          target: [apiKeyUsage.keyId, apiKeyUsage.day],
          set: {
            requests: sql`${apiKeyUsage.requests} + ${c.requests}`,
            searches: sql`${apiKeyUsage.searches} + ${c.searches}`,
            emailSearches: sql`${apiKeyUsage.emailSearches} + ${c.emailSearches}`,
          },
        })
        // A key deleted meanwhile (its account went): nothing to count.
        .catch((error: unknown) => log.warn({ err: error }, 'API usage not recorded'));
    }
  }

  function flush(): Promise<void> {
    if (counts.size === 0) return writing;
    const batch = counts;
    counts = new Map();
    writing = writing.then(() => write(batch));
    return writing;
  }

  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();

  return {
    add(keyId, field, now) {
      const day = now.toISOString().slice(0, 10);
      const id = `${keyId}|${day}`;
      let c = counts.get(id);
      if (!c) {
        c = { keyId, day, requests: 0, searches: 0, emailSearches: 0 };
        counts.set(id, c);
      }
      c[field] += 1;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
