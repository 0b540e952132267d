import type { AppDeps } from '../../app-deps.ts';
import type { Config } from '../../env.ts';
import type { ApiRateLimiter } from '../../limits/api-rate-limiter.ts';
import type { StreamLimiter } from '../../limits/stream-limiter.ts';
import type { KeyAuthenticator } from '../api-keys/authenticate-key.ts';
import type { UsageCounter } from '../api-keys/usage-counter.ts';
import type { EmailSearchDeps } from '../email-search/start-email-search.ts';
import type { FinishDeps } from '../searches/finish-search.ts';
import type { FinishedSearchCache } from '../searches/finished-search-cache.ts';
import type { WatchDeps } from '../watches/watch-deps.ts';

/** What `/api/v1` is built from: the app's dependencies, the key machinery, and the shared stream limits. */
export interface ApiV1Deps {
  app: AppDeps;
  keys: KeyAuthenticator;
  usage: UsageCounter;
  rate: ApiRateLimiter;
  limits: Config['api'];
  emailSearch: EmailSearchDeps;
  /** The watchlists' routes, mounted for keys with the `watch` scope (decision 157). */
  watches: { deps: WatchDeps; finish: FinishDeps };
  streams: StreamLimiter;
  finished: FinishedSearchCache;
  now: () => Date;
}
