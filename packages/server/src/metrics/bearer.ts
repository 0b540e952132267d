import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `header` is `Bearer <token>`. Compared in constant time: both sides are hashed first, so
 * neither the token's length nor its content leaks through timing.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/i.exec(header?.trim() ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}
