import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devMail, emailSearches, otpChallenges, rateBuckets } from '../../db/schema/index.ts';
import { purgeExpiredSessions } from './sessions.ts';

const DAY_MS = 24 * 3600_000;

/**
 * Hourly clean-up of what accounts leave behind: expired sessions and codes, old counters and dev mail,
 * and email searches older than the retention period (like username searches).
 */
export async function purgeAuthLeftovers(
  db: Database,
  now: Date,
  retentionDays: number,
): Promise<{ sessions: number; codes: number }> {
  const sessions = await purgeExpiredSessions(db, now);
  const codes = await db
    .delete(otpChallenges)
    .where(lt(otpChallenges.expiresAt, new Date(now.getTime() - DAY_MS)))
    .returning({ id: otpChallenges.id });
  await db.delete(rateBuckets).where(lt(rateBuckets.windowStart, new Date(now.getTime() - DAY_MS)));
  await db.delete(devMail).where(lt(devMail.createdAt, new Date(now.getTime() - 7 * DAY_MS)));
  await db.delete(emailSearches).where(lt(emailSearches.createdAt, new Date(now.getTime() - retentionDays * DAY_MS)));
  return { sessions, codes: codes.length };
}
