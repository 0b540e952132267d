/**
 * Every setting the server and worker read, validated once at start. Each variable has a default that
 * works on a fresh machine with no network; README "Configuration" lists them all.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isPlainEmailAddress,
  type SponsoredEntry,
  SponsoredEntrySchema,
  WATCH_CADENCES,
  type WatchCadence,
} from '@hound/contracts';
import { z } from 'zod';
import { AppError } from './errors.ts';

/** Per-account search limits (decision 116): the active one holds a tree's level of leads (10) and two more. */
export const ACCOUNT_LIMIT_DEFAULTS = { activePerAccount: 12, dailyPerAccount: 300 } as const;

/** Searches one worker process takes from Redis at once when WORKER_CONCURRENCY is not set. */
export const REDIS_WORKER_CONCURRENCY = 25;

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.includes(new URL(v).protocol), { message: `must use ${protocols.join(' or ')}` });

/**
 * Which X-Forwarded-For entries to believe: `false` (none), a hop count (the entry each of that many proxies
 * added, counted from the right), or the proxies' addresses/CIDRs. `true` is refused: it meant "believe the
 * leftmost entry", which the client writes (decision 097).
 */
export type TrustProxy = false | number | string[];
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (PROXY_NAMES.includes(entry)) return true;
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};
const trustProxySetting = () =>
  z
    .string()
    .default('false')
    .transform((text, ctx): TrustProxy => {
      const value = text.trim();
      if (value === 'false' || value === '0') return false;
      if (/^\d{1,2}$/.test(value)) return Number(value);
      if (value === 'true') {
        ctx.addIssue({
          code: 'custom',
          message:
            'true would believe any X-Forwarded-For a client writes: set the number of proxies in front (e.g. 1) or their addresses',
        });
        return z.NEVER;
      }
      const entries = value
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      if (entries.length === 0 || !entries.every(isProxyAddress)) {
        ctx.addIssue({ code: 'custom', message: 'must be false, a hop count, or proxy addresses/CIDRs' });
        return z.NEVER;
      }
      return entries;
    });

const EnvSchema = z.object({
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('hound'),
  REDIS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting(),
  HOUND_PROXY: url(['http:', 'https:']).optional(),
  HOUND_CA_FILE: z.string().min(1).optional(),
  HOUND_ALLOW_PRIVATE_ADDRESSES: bool.default(false),
  HOUND_CATALOGUES: z.string().min(1).optional(),
  LIMIT_ACTIVE_GLOBAL: int(1, 100_000).default(100),
  LIMIT_ACTIVE_PER_IP: int(1, 10_000).default(3),
  LIMIT_ACTIVE_PER_DEVICE: int(1, 10_000).default(2),
  LIMIT_DAILY_PER_IP: int(1, 1_000_000).default(300),
  LIMIT_DAILY_PER_DEVICE: int(1, 1_000_000).default(100),
  LIMIT_ACTIVE_PER_ACCOUNT: int(1, 10_000).default(ACCOUNT_LIMIT_DEFAULTS.activePerAccount),
  LIMIT_DAILY_PER_ACCOUNT: int(1, 1_000_000).default(ACCOUNT_LIMIT_DEFAULTS.dailyPerAccount),
  LIMIT_STREAMS_PER_IP: int(1, 100_000).default(20),
  LIMIT_STREAMS_PER_DEVICE: int(1, 10_000).default(6),
  LIMIT_STREAMS_PER_SEARCH: int(1, 10_000).default(10),
  RETENTION_DAYS: int(1, 3650).default(30),
  RUN_SEARCHES: bool.default(true),
  WORKER_CONCURRENCY: int(1, 1000).optional(),
  SEARCH_THREADS: int(0, 64).default(1),
  SEARCH_CHECK_TIMEOUT_MS: int(100, 600_000).optional(),
  JOB_LOCK_MS: int(1000, 3_600_000).default(30_000),
  HEALTH_CHECK_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  CATALOGUE_REFRESH_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  FAVICON_TTL_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 365)
    .default(168),
  SSE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(3600).default(15),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  MAIL_MAX_ATTEMPTS: int(1, 50).default(8),
  API_FREE_REQUESTS_PER_MINUTE: int(0, 100_000).default(10),
  API_FREE_ACTIVE_SEARCHES: int(0, 10_000).default(1),
  API_FREE_SEARCHES_PER_DAY: int(0, 1_000_000).default(20),
  API_FREE_KEYS: int(0, 100).default(2),
  API_PAID_REQUESTS_PER_MINUTE: int(0, 100_000).default(60),
  API_PAID_ACTIVE_SEARCHES: int(0, 10_000).default(5),
  API_PAID_SEARCHES_PER_DAY: int(0, 1_000_000).default(300),
  API_PAID_KEYS: int(0, 100).default(10),
  WEBHOOK_ALLOW_LOOPBACK: bool.default(false),
  WEBHOOK_RETRY_SECONDS: z.coerce.number().min(0.001).max(3600).default(30),
  WEB_DIST_DIR: z.string().min(1).optional(),
  BRAND_NAME: z.string().min(1).max(40).optional(),
  CONTACT_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')
    .max(200)
    .optional(),
  COMMUNITY_URL: url(['http:', 'https:']).optional(),
  NODE_ENV: z.string().optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  DEV_MAILBOX: bool.optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isPlainEmailAddress, 'must be comma-separated plain addresses (local@domain)')))
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SIGNUP_CREDITS: int(0, 1000).default(3),
  HOUND_EMAIL_CATALOGUES: z.string().min(1).optional(),
  HOUND_EMAIL_LOUD: bool.default(false),
  HIBP_API_KEY: z.string().min(8).max(200).optional(),
  EMAIL_RESULTS_MIN_SECONDS: int(0, 3600).default(0),
  STRIPE_SECRET_KEY: z.string().min(8).max(300).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).max(300).optional(),
  STRIPE_PRICE_MONTHLY: z.string().min(1).max(200).optional(),
  STRIPE_PRICE_TRIAL_FEE: z.string().min(1).max(200).optional(),
  STRIPE_PRICE_PLUS_MONTHLY: z.string().min(1).max(200).optional(),
  STRIPE_PRICE_CREDITS: z.string().min(1).max(200).optional(),
  STRIPE_API_URL: url(['http:', 'https:']).optional(),
  STRIPE_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(60).default(4),
  PLAN_MONTHLY_CREDITS: int(0, 10_000).default(10),
  TRIAL_CREDITS: int(0, 10_000).default(3),
  CREDIT_PACK_CREDITS: int(1, 10_000).default(10),
  LIMIT_EMAIL_ACTIVE_PER_ACCOUNT: int(1, 1000).default(3),
  BILLING_USER_CALLS_PER_MINUTE: int(1, 10_000).default(10),
  WATCH_FREE_USERNAME_SLOTS: int(0, 1000).default(1),
  WATCH_FREE_EMAIL_SLOTS: int(0, 1000).default(0),
  WATCH_FREE_CADENCE: z.enum(WATCH_CADENCES).default('weekly'),
  WATCH_PAID_USERNAME_SLOTS: int(0, 1000).default(10),
  WATCH_PAID_EMAIL_SLOTS: int(0, 1000).default(2),
  WATCH_PAID_CADENCE: z.enum(WATCH_CADENCES).default('daily'),
  WATCH_EMAIL_CADENCE: z.enum(WATCH_CADENCES).default('weekly'),
  WATCH_ACTIVE_RUNS: int(1, 1000).default(2),
  WATCH_PASS_SECONDS: z.coerce.number().min(1).max(3600).default(15),
  WATCH_CONFIRM_DELAY_SECONDS: z.coerce.number().min(0).max(86_400).default(120),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(500).optional(),
  METRICS_PORT: int(0, 65535).optional(),
  SPONSORED: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(z.array(SponsoredEntrySchema).max(2))
    .optional(),
});

export interface Limits {
  activeGlobal: number;
  activePerIp: number;
  activePerDevice: number;
  dailyPerIp: number;
  dailyPerDevice: number;
  /**
   * A signed-in account's searches, wherever they are started, and the searches its trees' leads start
   * (decision 116). Absent (tests that build limits by hand): the defaults below.
   */
  activePerAccount?: number;
  dailyPerAccount?: number;
}

/** What a plan lets a user watch (decision 140): slots per kind and the fastest cadence. */
export interface WatchPlan {
  usernameSlots: number;
  emailSlots: number;
  /** The fastest cadence of username watches (`weekly` allows weekly only). */
  fastest: WatchCadence;
  /** Addresses other than the account's own (paid plans only). */
  otherAddresses: boolean;
}

export interface WatchConfig {
  free: WatchPlan;
  /** Trial and premium. */
  paid: WatchPlan;
  /** The fastest cadence of email watches on any plan. */
  emailFastest: WatchCadence;
  /** Watch runs queued or running at once, service-wide, so people's searches keep the workers. */
  activeRuns: number;
  /** How often the watch pass runs in each API process. */
  passMs: number;
  /** How long after a run a new `found` is checked again (with a never-registered name) before it is told. */
  confirmDelayMs: number;
}

/** What one plan's API keys may do (decision 144); `requestsPerMinute` 0: the plan has no API access. */
export interface PlanApiLimits {
  requestsPerMinute: number;
  activeSearches: number;
  searchesPerDay: number;
  maxKeys: number;
}

/** Event streams open at once on one API node (decision 097). */
export interface StreamLimits {
  perIp: number;
  perDevice: number;
  perSearch: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  /** Bounds connecting to Redis, each command, the readiness probe and each close. */
  redisTimeoutMs: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  trustProxy: TrustProxy;
  proxy?: string;
  caFile?: string;
  /** Outbound requests may reach loopback, private and other non-public addresses (decision 096). */
  allowPrivateAddresses: boolean;
  /** Replaces the engine's default catalogues when set. */
  catalogues?: string[];
  limits: Limits;
  streams: StreamLimits;
  retentionDays: number;
  runSearches: boolean;
  /**
   * Searches one process runs at once. In-process default: LIMIT_ACTIVE_GLOBAL (every admitted search runs,
   * the engine's per-host and global limits shared between them in turn); with Redis: 25 per worker.
   */
  workerConcurrency: number;
  /** Worker threads running the engine's username checks (0 = on the event loop that serves the API). */
  searchThreads: number;
  checkTimeoutMs?: number;
  jobLockMs: number;
  healthCheckIntervalHours: number;
  catalogueRefreshHours: number;
  faviconTtlHours: number;
  sseHeartbeatMs: number;
  /** A client has this long to send a whole request, headers and body; then 408 and the connection closes. */
  requestTimeoutMs: number;
  shutdownGraceMs: number;
  /** The mail outbox's retries (decision 099). */
  mailOutbox: { retryMs: number; maxAttempts: number };
  /** API keys' limits by plan: the free plan, and the paid ones (trial and premium). */
  api: { free: PlanApiLimits; paid: PlanApiLimits };
  /** Webhook deliveries (decision 142): loopback targets allowed (local testing), the retry schedule's base. */
  webhooks: { allowLoopback: boolean; retryMs: number };
  webDistDir: string;
  /** NODE_ENV is `production`: the development mailbox (page and codes in the log) is off unless DEV_MAILBOX=true. */
  production: boolean;
  /** Base of links in mails (and payment return URLs). */
  publicUrl: string;
  mail: {
    smtpUrl?: string;
    from: string;
    /** DEV_MAILBOX: true forces the development mailbox on (without SMTP), false forces it off. */
    devMailbox?: boolean;
  };
  auth: {
    /** Accounts with these addresses (lower-cased) are made admins when they sign up or sign in. */
    adminEmails: string[];
    /** HMAC key of one-time codes; generated and kept in the database when unset. */
    secret?: string;
    /** Email-search credits a new account starts with. */
    signupCredits: number;
  };
  email: {
    /** Email-check catalogue files, `default` meaning the shipped one; unset: the shipped one. */
    catalogues?: string[];
    /** Run checks that may notify the address's owner. */
    loud: boolean;
    /** API keys of keyed checks, by setting name. */
    keys: Record<string, string | undefined>;
    /** The web app shows results no sooner than this after a search starts. */
    resultsMinSeconds: number;
    /** Email searches one account may run at once (issue 38 item 5). */
    activePerAccount: number;
  };
  billing: {
    /** Unset: payments are off (pay buttons say so; everything else works). */
    stripe?: {
      secretKey: string;
      webhookSecret: string;
      /** `credits`: the one-off credit pack's price; unset, no packs are sold. */
      prices: { monthly: string; trialFee: string; plus: string; credits?: string };
      /** Another Stripe API (the testkit's fake); unset: Stripe itself. */
      apiUrl?: string;
      /** Each try of a Stripe call gets this long to answer (one retry), so a hanging Stripe costs seconds. */
      timeoutMs: number;
    };
    monthlyCredits: number;
    trialCredits: number;
    /** Credits one credit pack adds. */
    packCredits: number;
    /** Per user and minute: checkouts, portal and invoice calls each; three times as many checkout re-reads. */
    userCallsPerMinute: number;
  };
  watches: WatchConfig;
  /** Bearer token of GET /metrics; unset: no metrics endpoint (decision 103). */
  metricsToken?: string;
  /** The worker serves /metrics on this port (the API serves it on PORT). */
  metricsPort?: number;
  /** What GET /api/config tells the web app. */
  site: { brandName?: string; contactEmail?: string; communityUrl?: string; sponsored: SponsoredEntry[] };
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Parses the environment. Relative paths resolve against `baseDir` (npm runs workspace scripts inside
 * the package folder, so main passes the directory npm was started from).
 */
export function readConfig(env: Record<string, string | undefined>, baseDir: string): Config {
  // Empty strings mean "unset", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    // Name the variable and the rule, never the value: URLs can carry passwords.
    const lines = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    throw new AppError(
      'CONFIG_INVALID',
      `Invalid environment variable${lines.length > 1 ? 's' : ''}:\n  ${lines.join('\n  ')}`,
    );
  }
  const e = parsed.data;
  if (e.METRICS_PORT !== undefined && !e.METRICS_TOKEN) {
    throw new AppError('CONFIG_INVALID', 'Invalid environment variable METRICS_PORT: it needs METRICS_TOKEN');
  }
  if (!e.REDIS_URL && !e.RUN_SEARCHES) {
    throw new AppError(
      'CONFIG_INVALID',
      'Invalid environment variable RUN_SEARCHES: false needs REDIS_URL (without Redis no other process can run searches)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    redisTimeoutMs: e.REDIS_TIMEOUT_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    proxy: e.HOUND_PROXY,
    caFile: e.HOUND_CA_FILE ? path.resolve(baseDir, e.HOUND_CA_FILE) : undefined,
    allowPrivateAddresses: e.HOUND_ALLOW_PRIVATE_ADDRESSES,
    catalogues: e.HOUND_CATALOGUES?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => (/^https?:\/\//.test(s) ? s : path.resolve(baseDir, s))),
    limits: {
      activeGlobal: e.LIMIT_ACTIVE_GLOBAL,
      activePerIp: e.LIMIT_ACTIVE_PER_IP,
      activePerDevice: e.LIMIT_ACTIVE_PER_DEVICE,
      dailyPerIp: e.LIMIT_DAILY_PER_IP,
      dailyPerDevice: e.LIMIT_DAILY_PER_DEVICE,
      activePerAccount: e.LIMIT_ACTIVE_PER_ACCOUNT,
      dailyPerAccount: e.LIMIT_DAILY_PER_ACCOUNT,
    },
    streams: {
      perIp: e.LIMIT_STREAMS_PER_IP,
      perDevice: e.LIMIT_STREAMS_PER_DEVICE,
      perSearch: e.LIMIT_STREAMS_PER_SEARCH,
    },
    retentionDays: e.RETENTION_DAYS,
    runSearches: e.RUN_SEARCHES,
    // In one process every admitted search runs at once, sharing the engine's limits in turn (decision
    // 152); with Redis a worker takes no more than its share of the queue, so others get jobs too.
    workerConcurrency: e.WORKER_CONCURRENCY ?? (e.REDIS_URL ? REDIS_WORKER_CONCURRENCY : e.LIMIT_ACTIVE_GLOBAL),
    searchThreads: e.SEARCH_THREADS,
    checkTimeoutMs: e.SEARCH_CHECK_TIMEOUT_MS,
    jobLockMs: e.JOB_LOCK_MS,
    healthCheckIntervalHours: e.HEALTH_CHECK_INTERVAL_HOURS,
    catalogueRefreshHours: e.CATALOGUE_REFRESH_HOURS,
    faviconTtlHours: e.FAVICON_TTL_HOURS,
    sseHeartbeatMs: e.SSE_HEARTBEAT_SECONDS * 1000,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    mailOutbox: { retryMs: e.MAIL_RETRY_SECONDS * 1000, maxAttempts: e.MAIL_MAX_ATTEMPTS },
    api: {
      free: {
        requestsPerMinute: e.API_FREE_REQUESTS_PER_MINUTE,
        activeSearches: e.API_FREE_ACTIVE_SEARCHES,
        searchesPerDay: e.API_FREE_SEARCHES_PER_DAY,
        maxKeys: e.API_FREE_KEYS,
      },
      paid: {
        requestsPerMinute: e.API_PAID_REQUESTS_PER_MINUTE,
        activeSearches: e.API_PAID_ACTIVE_SEARCHES,
        searchesPerDay: e.API_PAID_SEARCHES_PER_DAY,
        maxKeys: e.API_PAID_KEYS,
      },
    },
    webhooks: { allowLoopback: e.WEBHOOK_ALLOW_LOOPBACK, retryMs: e.WEBHOOK_RETRY_SECONDS * 1000 },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(baseDir, e.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
    production: e.NODE_ENV === 'production',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT === 0 ? 3000 : e.PORT}`).replace(/\/+$/, ''),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `${e.BRAND_NAME ?? 'Hound'} <no-reply@localhost>`,
      devMailbox: e.DEV_MAILBOX,
    },
    auth: { adminEmails: e.ADMIN_EMAILS ?? [], secret: e.AUTH_SECRET, signupCredits: e.SIGNUP_CREDITS },
    email: {
      catalogues: e.HOUND_EMAIL_CATALOGUES?.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => (s === 'default' || /^https?:\/\//.test(s) ? s : path.resolve(baseDir, s))),
      loud: e.HOUND_EMAIL_LOUD,
      keys: { HIBP_API_KEY: e.HIBP_API_KEY },
      resultsMinSeconds: e.EMAIL_RESULTS_MIN_SECONDS,
      activePerAccount: e.LIMIT_EMAIL_ACTIVE_PER_ACCOUNT,
    },
    billing: {
      stripe: stripeSettings(e),
      monthlyCredits: e.PLAN_MONTHLY_CREDITS,
      trialCredits: e.TRIAL_CREDITS,
      packCredits: e.CREDIT_PACK_CREDITS,
      userCallsPerMinute: e.BILLING_USER_CALLS_PER_MINUTE,
    },
    watches: {
      free: {
        usernameSlots: e.WATCH_FREE_USERNAME_SLOTS,
        emailSlots: e.WATCH_FREE_EMAIL_SLOTS,
        fastest: e.WATCH_FREE_CADENCE,
        otherAddresses: false,
      },
      paid: {
        usernameSlots: e.WATCH_PAID_USERNAME_SLOTS,
        emailSlots: e.WATCH_PAID_EMAIL_SLOTS,
        fastest: e.WATCH_PAID_CADENCE,
        otherAddresses: true,
      },
      emailFastest: e.WATCH_EMAIL_CADENCE,
      activeRuns: e.WATCH_ACTIVE_RUNS,
      passMs: e.WATCH_PASS_SECONDS * 1000,
      confirmDelayMs: e.WATCH_CONFIRM_DELAY_SECONDS * 1000,
    },
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    site: {
      brandName: e.BRAND_NAME,
      contactEmail: e.CONTACT_EMAIL,
      communityUrl: e.COMMUNITY_URL,
      sponsored: e.SPONSORED ?? [],
    },
  };
}

const STRIPE_REQUIRED = [
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_MONTHLY',
  'STRIPE_PRICE_TRIAL_FEE',
  'STRIPE_PRICE_PLUS_MONTHLY',
] as const;

/** Payments are on only with the key and everything else they need: half a configuration fails at start. */
function stripeSettings(e: z.infer<typeof EnvSchema>): Config['billing']['stripe'] {
  if (!e.STRIPE_SECRET_KEY) return undefined;
  const missing = STRIPE_REQUIRED.filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new AppError(
      'CONFIG_INVALID',
      `Invalid environment: STRIPE_SECRET_KEY is set but ${missing.join(', ')} is not`,
    );
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    prices: {
      monthly: e.STRIPE_PRICE_MONTHLY!,
      trialFee: e.STRIPE_PRICE_TRIAL_FEE!,
      plus: e.STRIPE_PRICE_PLUS_MONTHLY!,
      ...(e.STRIPE_PRICE_CREDITS ? { credits: e.STRIPE_PRICE_CREDITS } : {}),
    },
    apiUrl: e.STRIPE_API_URL,
    timeoutMs: e.STRIPE_TIMEOUT_SECONDS * 1000,
  };
}
