/**
 * What the HTTP app is built from: its options and its dependencies. A module of its own so that route
 * modules can name the dependencies without importing the app that imports them (issue 41 item 13).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Dispatcher } from 'undici';
import type { EngineHost } from './catalogues/engine-host.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Config, StreamLimits, TrustProxy, WatchConfig } from './env.ts';
import type { SearchBus } from './events/search-bus.ts';
import type { KeyAuthenticator } from './features/api-keys/authenticate-key.ts';
import type { UsageCounter } from './features/api-keys/usage-counter.ts';
import type { AuthLimits } from './features/auth/auth-deps.ts';
import type { FinishedSearchCache } from './features/searches/finished-search-cache.ts';
import type { WebhookSender } from './features/webhooks/webhook-sender.ts';
import type { TargetRules } from './features/webhooks/webhook-target.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { ApiRateLimiter } from './limits/api-rate-limiter.ts';
import type { SearchLimiter } from './limits/search-limiter.ts';
import type { MailOutbox } from './mail/mail-outbox.ts';
import type { Metrics } from './metrics/metrics.ts';

export interface AppOptions {
  /** Which X-Forwarded-For entries name the client: none, a hop count, or the proxies' addresses (env.ts). */
  trustProxy: TrustProxy;
  /** Event streams open at once per client, device and search (this node). */
  streams: StreamLimits;
  sseHeartbeatMs: number;
  /** REQUEST_TIMEOUT_SECONDS: the time a client has to send a whole request (headers and body). */
  requestTimeoutMs: number;
  faviconTtlMs: number;
  /** The built web app (packages/web/dist). */
  webDistDir: string;
  retentionDays: number;
  site: Config['site'];
  publicUrl: string;
  auth: Config['auth'] & { limits?: Partial<AuthLimits> };
  email: Config['email'];
  billing: Config['billing'];
  /** Watch plans, the scheduler's bounds and the confirmation delay (issue 39). */
  watches: WatchConfig;
  /** GET /metrics answers only with this bearer token; unset: 404 (decision 103). */
  metricsToken?: string;
  /** Where webhook endpoints may point (public servers; loopback only when allowed). */
  webhooks: TargetRules;
  /** API keys' limits by plan (decision 144). */
  api: Config['api'];
}

export interface AppDeps {
  db: DatabaseHandle;
  queue: JobQueue;
  bus: SearchBus;
  limiter: SearchLimiter;
  engines: EngineHost;
  /** Outbound HTTP for the server's own fetches (favicons): same proxy and CA as the engine. */
  outbound: Dispatcher;
  log: FastifyBaseLogger;
  /** Mail goes out through the outbox (decision 099). */
  mailer: MailOutbox;
  /** Webhook deliveries go out through its outbox (decision 142). */
  webhooks: WebhookSender;
  /** API keys: who a key is (cached for at most a second), usage counts, requests per minute (decisions 143, 144). */
  apiKeys: KeyAuthenticator;
  apiUsage: UsageCounter;
  apiRate: ApiRateLimiter;
  /** This process's Prometheus metrics (one registry per services). */
  metrics: Metrics;
  /** The clock of accounts and credits (tests move it). */
  now?: () => Date;
  /** Finished searches' status answers and replays (one is made when absent; tests pass theirs to count builds). */
  finishedSearches?: FinishedSearchCache;
  options: AppOptions;
}
