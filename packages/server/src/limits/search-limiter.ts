/**
 * Server-side search limits. The device id is a hint (anyone can send a new one), so every limit that
 * applies to a device also applies to the IP address. A signed-in account has limits of its own, which
 * are all a lead's search has: its tree is the account's, and no IP is stored (decision 116). Active slots are leases: a slot whose release
 * never came (a crashed process) frees itself after `ACTIVE_LEASE_MS`.
 */
import { createHash } from 'node:crypto';
import { ACCOUNT_LIMIT_DEFAULTS, type Limits } from '../env.ts';
import { ipGroup } from '../lib/client-ip.ts';

export type LimitRefusal =
  /** The whole service is at its active-search capacity. */
  | 'busy'
  /** This device, IP or account already runs its maximum of searches. */
  | 'too_many_active'
  /** This device, IP or account used up today's searches (UTC day). */
  | 'daily_limit';

/** Whom a search counts against: a person's request has an IP; a lead's search only its tree's account. */
export interface ClientKeys {
  ip?: string;
  deviceId?: string;
  userId?: string;
  /** An API request's key, with its plan's limits (decision 144); counted beside the account. */
  apiKey?: { id: string; active: number; daily: number };
}

export interface SearchLimiter {
  /** Takes an active slot for the search, or says why not. Refusals change no counter. */
  acquire(searchId: string, client: ClientKeys): Promise<LimitRefusal | null>;
  /** Frees the search's active slot (idempotent). */
  release(searchId: string): Promise<void>;
  close(): Promise<void>;
}

export const ACTIVE_LEASE_MS = 60 * 60 * 1000;

/**
 * Counters are keyed by a hash, so raw IPs and device ids never sit in memory or Redis longer than a request.
 * An IPv6 client counts as its /64.
 */
export function clientKey(kind: 'ip' | 'device' | 'account' | 'apikey', value: string): string {
  const keyed = kind === 'ip' ? ipGroup(value) : value;
  return `${kind}:${createHash('sha256').update(keyed).digest('base64url').slice(0, 22)}`;
}

/** `2026-11-21`: the UTC day a daily counter belongs to. */
export function dayKey(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Each key a search counts against, with that key's active and daily limits (checked in this order). */
export function limitedKeys(client: ClientKeys, limits: Limits): Array<{ key: string; active: number; daily: number }> {
  const keys: Array<{ key: string; active: number; daily: number }> = [];
  if (client.ip) keys.push({ key: clientKey('ip', client.ip), active: limits.activePerIp, daily: limits.dailyPerIp });
  if (client.deviceId) {
    keys.push({
      key: clientKey('device', client.deviceId),
      active: limits.activePerDevice,
      daily: limits.dailyPerDevice,
    });
  }
  if (client.userId) {
    keys.push({
      key: clientKey('account', client.userId),
      active: limits.activePerAccount ?? ACCOUNT_LIMIT_DEFAULTS.activePerAccount,
      daily: limits.dailyPerAccount ?? ACCOUNT_LIMIT_DEFAULTS.dailyPerAccount,
    });
  }
  if (client.apiKey) {
    keys.push({ key: clientKey('apikey', client.apiKey.id), active: client.apiKey.active, daily: client.apiKey.daily });
  }
  return keys;
}

export type { Limits };
