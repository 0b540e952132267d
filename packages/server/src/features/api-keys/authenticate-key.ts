/**
 * Who an API key belongs to, fast (decision 143). Each process caches a key's row and its user for at most
 * one second, so a revoke or roll is seen everywhere within a second without any message; a revoke or roll
 * also publishes the key's id on the bus (Redis pub/sub across nodes), and every node drops its copy at
 * once. A cache hit costs one HMAC and a constant-time compare: no database or Redis round trip.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type ApiKeyRow, apiKeys, type UserRow, users } from '../../db/schema/index.ts';
import type { SearchBus, Unsubscribe } from '../../events/search-bus.ts';
import { parseApiKey } from './key-format.ts';
import { type KeyHasher, keyHasher, sameHash } from './key-hash.ts';

/** A cached key is used for at most this long before it is read again. */
export const KEY_CACHE_MS = 1000;
/** `last_used_at` is written at most this often per key and process. */
const TOUCH_MS = 60_000;

export interface AuthenticatedKey {
  key: ApiKeyRow;
  user: UserRow;
}

export interface KeyAuthenticator {
  /** The key's row and user when `token` is a live key (current secret, or the previous one within 24 h). */
  authenticate(token: string, now: Date): Promise<AuthenticatedKey | null>;
  /** Tells every node (this one at once) that the key changed; after its commit. */
  changed(keyId: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  row: AuthenticatedKey | null;
  loadedAt: number;
  touchedAt: number;
}

export function createKeyAuthenticator(options: {
  db: Database;
  bus: SearchBus;
  log: FastifyBaseLogger;
  serverKey: () => Promise<Buffer>;
}): KeyAuthenticator {
  const { db, bus, log } = options;
  const cache = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry>>();
  let hasher: KeyHasher | undefined;
  let unsubscribe: Unsubscribe | undefined;
  // Another node's revoke or roll. If the subscription fails (Redis away), the one-second bound still holds.
  const subscribed = bus
    .onKeyChange((id) => cache.delete(id))
    .then((off) => {
      unsubscribe = off;
    })
    .catch((error: unknown) =>
      log.warn({ err: error }, 'API key changes: not subscribed, the 1 s cache bound applies'),
    );

  async function load(id: string, at: number): Promise<Entry> {
    const [found] = await db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.id, id));
    const entry = { row: found ?? null, loadedAt: at, touchedAt: cache.get(id)?.touchedAt ?? 0 };
    cache.set(id, entry);
    // The map stays small: entries older than the bound are dropped as others load.
    if (cache.size > 10_000) for (const [k, e] of cache) if (at - e.loadedAt > KEY_CACHE_MS) cache.delete(k);
    return entry;
  }

  function entryFor(id: string, at: number): Promise<Entry> | Entry {
    const cached = cache.get(id);
    if (cached && at - cached.loadedAt < KEY_CACHE_MS) return cached;
    let pending = loading.get(id);
    if (!pending) {
      pending = load(id, at).finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    return pending;
  }

  function touch(entry: Entry, id: string, now: Date) {
    const last = Math.max(entry.touchedAt, entry.row?.key.lastUsedAt?.getTime() ?? 0);
    if (now.getTime() - last < TOUCH_MS) return;
    entry.touchedAt = now.getTime();
    db.update(apiKeys)
      .set({ lastUsedAt: now })
      .where(eq(apiKeys.id, id))
      .catch((error: unknown) => log.warn({ err: error }, 'API key last use not recorded'));
  }

  return {
    async authenticate(token, now) {
      const parts = parseApiKey(token);
      if (!parts) return null;
      hasher ??= keyHasher(await options.serverKey());
      const entry = await entryFor(parts.id, Date.now());
      const found = entry.row;
      if (!found || found.key.revokedAt) return null;
      const hash = hasher(parts.secret);
      const current = sameHash(hash, found.key.secretHash);
      const previous =
        !current &&
        found.key.previousValidUntil !== null &&
        found.key.previousValidUntil > now &&
        sameHash(hash, found.key.previousSecretHash);
      if (!current && !previous) return null;
      touch(entry, parts.id, now);
      return found;
    },
    async changed(keyId) {
      cache.delete(keyId);
      try {
        await bus.publishKeyChange(keyId);
      } catch (error) {
        // Committed already; the other nodes see it within the cache bound.
        log.warn({ err: error }, 'API key change not published; other nodes see it within a second');
      }
    },
    async close() {
      await subscribed;
      await unsubscribe?.();
      cache.clear();
    },
  };
}
