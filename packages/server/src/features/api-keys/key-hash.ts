/**
 * API key secrets are stored as an HMAC-SHA256 under a key derived from the server key (`AUTH_SECRET`, or
 * the generated key in `app_secrets`), and compared in constant time. The secret has 190 random bits, so a
 * fast keyed hash is right; the key means a copy of the table alone cannot even test candidates.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type KeyHasher = (secret: string) => string;

export function keyHasher(serverKey: Buffer): KeyHasher {
  const derived = createHmac('sha256', serverKey).update('hound api keys v1').digest();
  return (secret) => createHmac('sha256', derived).update(secret).digest('hex');
}

export function sameHash(a: string, b: string | null): boolean {
  if (!b || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
