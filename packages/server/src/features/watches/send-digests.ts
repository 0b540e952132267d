/**
 * The daily digest (decision 141): once a day per user, at or after the user's hour in their time zone, every
 * event of their watches that was not sent at once, in one mail (at most DIGEST_CAP events listed). The
 * user's settings row is the claim: locked, checked for today's digest, marked — so two processes send one.
 */
import type { WatchEventDraft } from '@hound/engine';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { users, type WatchRow, watchEvents, watches, watchSettings } from '../../db/schema/index.ts';
import { watchDigestMail } from '../../mail/templates/watch-mails.ts';
import { type WatchLinks, watchLinks } from './mail-links.ts';
import type { WatchDeps } from './watch-deps.ts';

export const DEFAULT_DIGEST = { digestHour: 8, timeZone: 'UTC' };

/** The local date (YYYY-MM-DD) and hour at `now` in `timeZone` (UTC when the zone is unknown). */
export function localTime(now: Date, timeZone: string): { day: string; hour: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return localTime(now, 'UTC');
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

/** Answers how many digests it mailed. */
export async function sendDigests(deps: WatchDeps): Promise<number> {
  const now = deps.now();
  const waiting = await deps.db
    .selectDistinct({ userId: watches.userId })
    .from(watchEvents)
    .innerJoin(watches, eq(watches.id, watchEvents.watchId))
    .where(and(isNull(watchEvents.notifiedAt), eq(watchEvents.immediate, false)));
  let sent = 0;
  for (const { userId } of waiting) {
    try {
      if (await digestFor(deps, userId, now)) sent++;
    } catch (error) {
      deps.log.error({ err: error }, 'watch digest failed');
    }
  }
  if (sent > 0) deps.mailer.flush();
  return sent;
}

async function digestFor(deps: WatchDeps, userId: string, now: Date): Promise<boolean> {
  await deps.db.insert(watchSettings).values({ userId }).onConflictDoNothing();
  const [user] = await deps.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return false;
  const mine = await deps.db.select().from(watches).where(eq(watches.userId, userId));
  const links = new Map(await Promise.all(mine.map(async (w) => [w.id, await watchLinks(deps, w.id)] as const)));
  return deps.db.transaction(async (tx) => {
    const [settings] = await tx
      .select()
      .from(watchSettings)
      .where(eq(watchSettings.userId, userId))
      .for('update', { skipLocked: true });
    if (!settings) return false;
    const local = localTime(now, settings.timeZone);
    if (local.hour < settings.digestHour || settings.lastDigestOn === local.day) return false;
    const events = await tx
      .select()
      .from(watchEvents)
      .where(
        and(
          inArray(
            watchEvents.watchId,
            mine.map((w) => w.id),
          ),
          isNull(watchEvents.notifiedAt),
          eq(watchEvents.immediate, false),
        ),
      )
      .orderBy(asc(watchEvents.createdAt));
    if (events.length === 0) return false;
    await tx
      .update(watchEvents)
      .set({ notifiedAt: now })
      .where(
        inArray(
          watchEvents.id,
          events.map((e) => e.id),
        ),
      );
    await tx.update(watchSettings).set({ lastDigestOn: local.day }).where(eq(watchSettings.userId, userId));
    const groups: Array<{ watch: WatchRow; events: WatchEventDraft[]; links: WatchLinks }> = [];
    for (const watch of mine) {
      if (!watch.notifyMail) continue;
      const own = events.filter((e) => e.watchId === watch.id);
      if (own.length === 0) continue;
      groups.push({
        watch,
        events: own.map((e) => ({
          type: e.type as WatchEventDraft['type'],
          ...(e.site ? { site: e.site } : {}),
          ...(e.siteName ? { siteName: e.siteName } : {}),
          detail: e.detail,
        })),
        links: links.get(watch.id)!,
      });
    }
    if (groups.length === 0) return false;
    await deps.mailer.enqueue(
      tx,
      watchDigestMail(user.email, {
        brand: deps.options.brand,
        publicUrl: deps.options.publicUrl,
        language: user.language,
        timeZone: settings.timeZone,
        groups,
      }),
    );
    return true;
  });
}
