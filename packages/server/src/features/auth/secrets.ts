/**
 * Random values and their hashes. Session tokens are 256-bit random strings stored as SHA-256 (they are
 * unguessable, so no key is needed); one-time codes have only a million values, so they are stored as an
 * HMAC under a server key that is not in the row.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { ipGroup } from '../../lib/client-ip.ts';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function codeDigest(key: Buffer, purpose: string, email: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}|${email}|${code}`).digest('hex');
}

/** Constant-time equality of two hex digests of the same length. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/**
 * Keyed hash for rate-limit keys, so neither addresses nor IPs are stored in clear. A client IP counts as
 * its group (an IPv6 /64), whichever per-IP limit keys on it (decision 097).
 */
export function bucketKey(key: Buffer, kind: string, value: string): string {
  const keyed = isIP(value) ? ipGroup(value) : value;
  return `${kind}:${createHmac('sha256', key).update(`bucket|${kind}|${keyed}`).digest('base64url').slice(0, 32)}`;
}
