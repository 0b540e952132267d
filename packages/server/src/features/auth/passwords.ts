/** Optional passwords (spec 000's password calls), hashed with scrypt from node:crypto. */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@hound/contracts';
import { AppError } from '../../errors.ts';

const N = 16_384;
const R = 8;
const P = 1;
const LENGTH = 32;

/**
 * scrypt runs on libuv's pool of four threads, shared with DNS look-ups and file reads: at most two hashes
 * run at once and eight wait; anything beyond is answered 503 at once instead of queueing (decision 093).
 */
const HASHES_RUNNING = 2;
const HASHES_WAITING = 8;
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASHES_RUNNING) running += 1;
  else if (waiting.length < HASHES_WAITING) await new Promise<void>((resolve) => waiting.push(resolve));
  else
    throw new AppError('AUTH_BUSY', ACCOUNT_MESSAGES.busy, {
      headers: { 'retry-after': '1' },
    });
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, so `running` never drops below what is really running.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash no password matches, verified for unknown accounts so their answer takes as long as a real one. */
export const DUMMY_PASSWORD_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(LENGTH).toString('base64')}`;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
