import type { WatchSettings } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { watchSettings } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { DEFAULT_DIGEST } from './send-digests.ts';

export async function getWatchSettings(db: Database, userId: string): Promise<WatchSettings> {
  const [row] = await db.select().from(watchSettings).where(eq(watchSettings.userId, userId));
  const s = row ?? DEFAULT_DIGEST;
  return { digest_hour: s.digestHour, time_zone: s.timeZone };
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The digest's hour and time zone (an IANA name the server knows). */
export async function saveWatchSettings(db: Database, userId: string, input: WatchSettings): Promise<WatchSettings> {
  if (!validZone(input.time_zone)) throw new AppError('INVALID_INPUT', 'Unknown time zone.');
  await db
    .insert(watchSettings)
    .values({ userId, digestHour: input.digest_hour, timeZone: input.time_zone })
    .onConflictDoUpdate({
      target: watchSettings.userId,
      set: { digestHour: input.digest_hour, timeZone: input.time_zone },
    });
  return input;
}
