import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, type UserRow, users } from '../../db/schema/index.ts';
import type { AuthLimits } from './auth-deps.ts';
import { hashToken, newToken } from './secrets.ts';

/** Opens a session and returns its bearer token (the only time the token exists in clear). */
export async function createSession(
  db: Pick<Database, 'insert'>,
  userId: string,
  client: string,
  now: Date,
  limits: AuthLimits,
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    client,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: expiryAfterUse(now, now, limits),
  });
  return token;
}

/** The idle expiry from `usedAt`, never past the absolute end (`sessionMaxAgeMs` after sign-in). */
function expiryAfterUse(createdAt: Date, usedAt: Date, limits: AuthLimits): Date {
  return new Date(Math.min(usedAt.getTime() + limits.sessionTtlMs, createdAt.getTime() + limits.sessionMaxAgeMs));
}

export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

/**
 * The user behind a bearer token, or null when the token is unknown, expired or revoked, or its user is
 * gone. A used session's expiry slides forward (at most one write per `sessionTouchMs`), but never past
 * `sessionMaxAgeMs` after sign-in.
 */
export async function findSession(
  db: Database,
  token: string,
  now: Date,
  limits: AuthLimits,
): Promise<Authenticated | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row) return null;
  // The absolute end is checked too, so sessions opened before it was stored in `expires_at` end on time.
  const absoluteEnd = row.session.createdAt.getTime() + limits.sessionMaxAgeMs;
  if (row.session.expiresAt <= now || absoluteEnd <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > limits.sessionTouchMs) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: expiryAfterUse(row.session.createdAt, now, limits) })
      .where(eq(sessions.id, id));
  }
  return { user: row.user, sessionId: id };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Database, now: Date): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return gone.length;
}

/** "Firefox on Linux" from a user agent: enough for a person to recognise a device, no more. */
export function describeClient(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser =
    [
      ['Edge', /Edg\//],
      ['Opera', /OPR\//],
      ['Firefox', /Firefox\//],
      ['Chrome', /Chrome\//],
      ['Safari', /Safari\//],
      ['curl', /^curl\//],
    ].find(([, re]) => (re as RegExp).test(ua))?.[0] ?? 'Unknown browser';
  const os =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X|Macintosh/],
      ['Linux', /Linux/],
    ].find(([, re]) => (re as RegExp).test(ua))?.[0] ?? 'an unknown system';
  return `${browser} on ${os}`;
}
