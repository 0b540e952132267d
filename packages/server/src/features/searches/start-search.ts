import { FOLLOW_LIMITS, SEARCH_MESSAGES, type SearchScope, type StartSearchResponse } from '@hound/contracts';
import { type Engine, SearchError } from '@hound/engine';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EngineHost } from '../../catalogues/engine-host.ts';
import type { Database } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { searches } from '../../db/schema/index.ts';
import { AppError, isAppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ClientKeys, SearchLimiter } from '../../limits/search-limiter.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import { newSearchId } from './search-id.ts';
import {
  CATALOGUES_LOADING_MESSAGE,
  CATALOGUES_UNAVAILABLE_MESSAGE,
  ENQUEUE_FAILED_MESSAGE,
} from './search-messages.ts';
import { validateUsername } from './validate-username.ts';

export interface StartSearchDeps {
  db: Database;
  queue: JobQueue;
  limiter: SearchLimiter;
  engines: EngineHost;
  log: FastifyBaseLogger;
  metrics?: Metrics;
}

export const NO_SITES_IN_SCOPE_MESSAGE = 'No site matches the chosen categories.';

/** The scope as stored (null: the default selection), after checking it selects at least one site. */
export function checkScope(engine: Engine, scope: SearchScope): { stored: SearchScope | null; total: number } {
  const stored: SearchScope = {};
  if (scope.categories?.length) stored.categories = [...new Set(scope.categories.map((c) => c.trim().toLowerCase()))];
  if (scope.sites?.length) stored.sites = [...new Set(scope.sites.map((s) => s.trim()))].filter(Boolean);
  if (scope.nsfw) stored.nsfw = true;
  let total: number;
  try {
    total = engine.countSites(stored);
  } catch (error) {
    // A named site that does not exist: say which, rather than run an empty search.
    if (error instanceof SearchError) throw new AppError('SEARCH_SCOPE_INVALID', error.message);
    throw error;
  }
  if (total === 0) throw new AppError('SEARCH_SCOPE_INVALID', NO_SITES_IN_SCOPE_MESSAGE);
  return { stored: Object.keys(stored).length > 0 ? stored : null, total };
}

const insertSearch = preparedFor((db) =>
  db
    .insert(searches)
    .values({
      id: sql.placeholder('id'),
      username: sql.placeholder('username'),
      deviceId: sql.placeholder('deviceId'),
      userId: sql.placeholder('userId'),
      status: 'queued',
      // The JSON text as it is (a placeholder in a column would go through its encoder, which turns null
      // into the text "null").
      scope: sql`${sql.placeholder('scope')}`,
      total: sql.placeholder('total'),
      followDepth: sql.placeholder('followDepth'),
      factsMode: sql.placeholder('factsMode'),
      apiKeyId: sql.placeholder('apiKeyId'),
    })
    .prepare('hound_insert_search'),
);

/** Following leads starts up to 20 more searches: for signed-in users only (decision 111). */
export const RECURSIVE_SIGN_IN_MESSAGE = 'Sign in to follow the leads of a search (recursive search).';

/**
 * Starts a username search: validates (422), applies the limits (busy, 429, device_limit), stores the
 * search and queues it. The answer follows the spec's start contract.
 */
export async function startSearch(
  deps: StartSearchDeps,
  input: {
    username: string;
    userId?: string;
    scope?: SearchScope;
    /** Follow leads this many levels deep (recursive search); 0 or absent: do not. */
    followDepth?: number;
    /** `fetch`: one GET of a found profile's page after an API check, for facts. */
    factsMode?: 'fetch';
    // A person's request counts against its IP (and device); an API key's against the key instead.
  } & ClientKeys &
    ({ ip: string } | { apiKey: NonNullable<ClientKeys['apiKey']> }),
): Promise<StartSearchResponse> {
  const username = validateUsername(input.username);
  const followDepth = Math.min(input.followDepth ?? 0, FOLLOW_LIMITS.maxDepth);
  if (followDepth > 0 && !input.userId) throw new AppError('AUTH_REQUIRED', RECURSIVE_SIGN_IN_MESSAGE);
  const engine = deps.engines.current();
  if (!engine) {
    const unavailable = deps.engines.state().unavailable;
    return { status: 'error', error: unavailable ? CATALOGUES_UNAVAILABLE_MESSAGE : CATALOGUES_LOADING_MESSAGE };
  }

  const { stored, total } = checkScope(engine, input.scope ?? {});
  const id = newSearchId();
  // A signed-in user's search also counts against the account, as the searches its leads start do.
  const client: ClientKeys = input.apiKey
    ? { userId: input.userId, apiKey: input.apiKey }
    : { ip: input.ip, deviceId: input.deviceId, userId: input.userId };
  const refusal = await deps.limiter.acquire(id, client);
  if (refusal === 'busy') return { status: 'busy', error: SEARCH_MESSAGES.busy };
  if (refusal === 'daily_limit') return { status: 'device_limit', error: SEARCH_MESSAGES.deviceLimit };
  if (refusal === 'too_many_active') throw new AppError('SEARCH_TOO_MANY_ACTIVE', SEARCH_MESSAGES.tooManyActive);

  try {
    await insertSearch(deps.db).execute({
      id,
      username,
      deviceId: input.deviceId ?? null,
      userId: input.userId ?? null,
      scope: stored ? JSON.stringify(stored) : null,
      total,
      followDepth,
      factsMode: input.factsMode ?? null,
      apiKeyId: input.apiKey?.id ?? null,
    });
  } catch (error) {
    await deps.limiter.release(id);
    throw error;
  }
  try {
    await deps.queue.enqueue({ searchId: id });
  } catch (error) {
    deps.log.error({ err: error, searchId: id }, 'enqueue failed');
    await deps.db
      .update(searches)
      .set({ status: 'error', error: ENQUEUE_FAILED_MESSAGE, finishedAt: new Date() })
      .where(eq(searches.id, id));
    // With Redis away the release fails too; the slot's lease frees it.
    await deps.limiter.release(id).catch(() => {});
    // Redis away is the clear 503 (try again shortly), like a refused limit check.
    if (isAppError(error, 'SERVICE_UNAVAILABLE')) throw error;
    return { status: 'error', error: ENQUEUE_FAILED_MESSAGE };
  }
  deps.metrics?.searchesStarted.inc();
  deps.log.info({ searchId: id }, 'search started');
  return { status: 'started', search_id: id };
}
