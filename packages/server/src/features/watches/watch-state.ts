import type { WatchSiteState } from '@hound/engine';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { watchSiteState } from '../../db/schema/index.ts';

type Tx = Pick<Database, 'insert'>;

/** A watch's baseline, as the diff reads it. */
export async function loadStates(db: Pick<Database, 'select'>, watchId: string): Promise<Map<string, WatchSiteState>> {
  const rows = await db.select().from(watchSiteState).where(eq(watchSiteState.watchId, watchId));
  return new Map(
    rows.map((r) => [
      r.site,
      {
        state: r.state,
        since: new Date(r.since).toISOString(),
        lastDecidedAt: r.lastDecidedAt ? new Date(r.lastDecidedAt).toISOString() : null,
        pending: r.pending,
        pendingSince: r.pendingSince ? new Date(r.pendingSince).toISOString() : null,
        pendingRuns: r.pendingRuns,
        undecidedRuns: r.undecidedRuns,
        unwatchable: r.unwatchable,
        lastReason: r.lastReason,
        url: r.url,
        name: r.name,
      },
    ]),
  );
}

const CHUNK = 500;

/** Writes the sites a run changed (a baseline writes every site: in chunks, one statement each). */
export async function saveStates(
  tx: Tx,
  watchId: string,
  states: ReadonlyMap<string, WatchSiteState>,
  changed: ReadonlySet<string>,
): Promise<void> {
  const rows = [...changed].map((site) => {
    const s = states.get(site)!;
    return {
      watchId,
      site,
      name: s.name.slice(0, 200),
      state: s.state,
      since: s.since,
      lastDecidedAt: s.lastDecidedAt,
      pending: s.pending,
      pendingSince: s.pendingSince,
      pendingRuns: s.pendingRuns,
      undecidedRuns: s.undecidedRuns,
      unwatchable: s.unwatchable,
      lastReason: s.lastReason,
      url: s.url?.slice(0, 2000) ?? null,
    };
  });
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx
      .insert(watchSiteState)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [watchSiteState.watchId, watchSiteState.site],
        set: {
          name: sql`excluded.name`,
          state: sql`excluded.state`,
          since: sql`excluded.since`,
          lastDecidedAt: sql`excluded.last_decided_at`,
          pending: sql`excluded.pending`,
          pendingSince: sql`excluded.pending_since`,
          pendingRuns: sql`excluded.pending_runs`,
          undecidedRuns: sql`excluded.undecided_runs`,
          unwatchable: sql`excluded.unwatchable`,
          lastReason: sql`excluded.last_reason`,
          url: sql`excluded.url`,
        },
      });
  }
}
