/**
 * Opening a watch's run, inside the transaction that claimed the watch (its row is locked): the run row and,
 * for a username watch, its ordinary searches (no user, `watch_id` set) — queued after commit at the
 * background priority. Never more than one open run per watch: the watch row names it.
 */
import type { SearchScope } from '@hound/contracts';
import { type Engine, randomUsername } from '@hound/engine';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  searches,
  type WatchRow,
  type WatchRunKind,
  type WatchRunRow,
  watches,
  watchRuns,
  watchSiteState,
} from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { newSearchId } from '../searches/search-id.ts';
import type { WatchDeps } from './watch-deps.ts';

type Tx = Pick<Database, 'insert' | 'update' | 'select'>;

/** An email run must end within this; a lease that runs out means the process running it is gone. */
export const EMAIL_RUN_LEASE_MS = 15 * 60_000;

/** What to start once the claiming transaction has committed. */
export interface OpenedRun {
  run: WatchRunRow;
  watch: WatchRow;
  /** Username runs: the searches to queue. */
  searchIds: string[];
}

/** The sites of a username watch's scope that exist now (a named site may have left the catalogues). */
function liveScope(engine: Engine, scope: SearchScope | null): SearchScope {
  if (!scope?.sites?.length) return scope ?? {};
  const known = scope.sites.filter((name) => {
    try {
      return engine.countSites({ sites: [name] }) > 0;
    } catch {
      return false;
    }
  });
  return { ...scope, sites: known };
}

/**
 * Opens a run of `kind`. A confirmation run covers the sites waiting for one (`pending: present`); with none
 * left it opens nothing. Undefined when there is nothing to run.
 */
export async function openRun(
  tx: Tx,
  deps: Pick<WatchDeps, 'now'>,
  engine: Engine,
  watch: WatchRow,
  kind: WatchRunKind,
): Promise<OpenedRun | undefined> {
  const now = deps.now();
  const runId = newId();
  const searchIds: string[] = [];
  let sites: string[] | null = null;
  if (kind === 'confirm') {
    const pending = await tx
      .select({ site: watchSiteState.site })
      .from(watchSiteState)
      .where(and(eq(watchSiteState.watchId, watch.id), eq(watchSiteState.pending, 'present')));
    sites =
      watch.kind === 'username'
        ? pending.map((p) => p.site).filter((site) => engine.sites.some((s) => s.id === site))
        : pending.map((p) => p.site);
    if (sites.length === 0) {
      await tx.update(watches).set({ confirmDueAt: null }).where(eq(watches.id, watch.id));
      return undefined;
    }
  }
  let searchId: string | null = null;
  let controlSearchId: string | null = null;
  if (watch.kind === 'username') {
    const scope: SearchScope = sites ? { sites } : liveScope(engine, watch.scope);
    if (scope.sites && scope.sites.length === 0) return undefined;
    const total = engine.countSites(scope);
    const names = kind === 'confirm' ? [watch.target, randomUsername()] : [watch.target];
    for (const username of names) {
      const id = newSearchId();
      await tx.insert(searches).values({
        id,
        username,
        status: 'queued',
        scope: Object.keys(scope).length > 0 ? scope : null,
        total,
        watchId: watch.id,
      });
      searchIds.push(id);
    }
    searchId = searchIds[0] ?? null;
    controlSearchId = searchIds[1] ?? null;
  }
  const [run] = await tx
    .insert(watchRuns)
    .values({
      id: runId,
      watchId: watch.id,
      kind,
      searchId,
      controlSearchId,
      sites,
      leaseUntil: watch.kind === 'email' ? new Date(now.getTime() + EMAIL_RUN_LEASE_MS) : null,
      createdAt: now,
    })
    .returning();
  await tx
    .update(watches)
    .set({
      openRunId: runId,
      updatedAt: now,
      ...(kind === 'confirm' ? { confirmDueAt: null } : {}),
      ...(kind === 'manual' ? { lastManualRunAt: now } : {}),
    })
    .where(eq(watches.id, watch.id));
  return { run: run!, watch, searchIds };
}
