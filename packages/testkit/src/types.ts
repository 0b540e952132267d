import type { Agent, buildConnector } from 'undici';
import type { ConnectionCounts } from './server/listener.ts';
import type { PlantedPage } from './site/route.ts';

export type { PlantedPage };

/** The catalogue formats the testkit can impersonate. */
export type CatalogueFormat = 'sherlock' | 'whatsmyname' | 'maigret';

/** A catalogue to serve: a file (format detected from its content) or data already in memory. */
export type CatalogueSource = { path: string } | { format: CatalogueFormat; data: unknown };

/** WAF vendors whose challenge/block pages the testkit imitates. */
export type WafVendor = 'cloudflare' | 'ddos-guard' | 'aws' | 'perimeterx';

/**
 * Kinds of hostile page a site (or something on the way) answers with instead of a profile; each has
 * several realistic variants (`faults/hostile-pages.ts`).
 */
export type WallKind =
  | 'login'
  | 'consent'
  | 'region'
  | 'empty'
  | 'rate_limit'
  | 'json_error'
  | 'challenge'
  | 'waf_reject'
  | 'odd_status';

/** Misbehaviour of one host. */
export type Fault =
  /** Fixed extra delay before every response (added to the global latency distribution). */
  | { kind: 'latency'; ms: number }
  /** Accept the request and never answer, until the client gives up. */
  | { kind: 'hang' }
  /** Send the headers and part of the body, then reset the connection. */
  | { kind: 'reset' }
  /** 429 with `Retry-After`; after `times` such answers the host behaves normally (always 429 when omitted). */
  | { kind: 'rate_limit'; retryAfterS: number; times?: number }
  /** A WAF/captcha page carrying the vendor's real fingerprints. */
  | { kind: 'waf'; vendor: WafVendor }
  /** This status (e.g. 500, 503) for every request. */
  | { kind: 'status'; status: number }
  /** The "exists" response for every username. */
  | { kind: 'soft404' }
  /** A redirect to the very same URL, forever. */
  | { kind: 'redirect_loop' }
  /** A 200 whose body is `bytes` long, streamed. */
  | { kind: 'huge_body'; bytes: number }
  /** A small gzip body (`Content-Encoding: gzip`) that inflates to `bytes`. */
  | { kind: 'gzip_bomb'; bytes: number }
  /** The normal response, sent at `bytesPerSecond`. */
  | { kind: 'slow_drip'; bytesPerSecond: number }
  /**
   * TLS with a certificate from an untrusted authority. Plain HTTP is unaffected. Like a real certificate
   * change, it applies to new connections: a client's pooled keep-alive connection is not affected.
   */
  | { kind: 'bad_tls' }
  /**
   * The host no longer resolves (connector: ENOTFOUND; proxy: 502). Like a real DNS change, it applies to
   * new connections; a request on an already open direct connection gets the proxy's 502 DNS-failure page.
   */
  | { kind: 'unknown_host' }
  /** A hostile page of this kind (variant `variant`, default 0) for every request. */
  | { kind: 'wall'; wall: WallKind; variant?: number }
  /**
   * Every request is redirected (`status`, default 302) to `location`: a path on the same host or an
   * absolute URL. Requests for that path on this host get the `wall` page (default: a login page).
   */
  | { kind: 'redirect'; location: string; status?: 301 | 302 | 303 | 307 | 308; wall?: WallKind; variant?: number }
  /**
   * The normal answer, and a 2xx HTML page is dressed like a real profile that trips naive detectors:
   * vendor headers and scripts (variant 0), a login form with reCAPTCHA (1), a Turnstile widget (2), the
   * user's own text quoting challenge and wall phrases (3), a cookie banner and sign-in links (4).
   */
  | { kind: 'noisy_profile'; variant?: number }
  /** The adversarial corpus page `page` (an id of `ADVERSARIAL_PAGES`) for every request. */
  | { kind: 'adversarial'; page: string }
  /**
   * A site that flaps: each request gets `fault` with probability `share` (default 0.5; seeded, so a run
   * repeats), and the site's real answer otherwise. `fault` is any fault but another flap, e.g. a WAF page or
   * a hang (the client's timeout).
   */
  | { kind: 'flap'; fault: Fault; share?: number };

export interface StartOptions {
  catalogues?: CatalogueSource[];
  /** Seed of every random choice. Default 1. */
  seed?: number;
  /** Log-normal latency applied to every request. */
  latency?: { medianMs: number; p99Ms: number };
  /** Seeded share (0–1) of served hosts that hang. */
  hangShare?: number;
  /** Seeded share (0–1) of served hosts that answer with a WAF page (vendor chosen per host, seeded). */
  wafShare?: number;
  /**
   * Seeded share (0–1) of served hosts whose profile pages do not show the username (a display name
   * only): their founds need a control probe (engine decision 100), so bench:engine can measure what
   * those cost. Default 0: every profile page shows its username.
   */
  namelessShare?: number;
  /** Port on 127.0.0.1; default 0 (any free port). */
  port?: number;
  /** Directory for the CA PEM file; default a fresh temporary directory. */
  dir?: string;
  /** Request-log entries kept (oldest dropped first; counts stay exact). Default 100,000. */
  logLimit?: number;
  /**
   * Mint every served host's certificate (and its `www.` twin's) at start and keep them all, instead of
   * on first use with the 2,048 most recent kept. About 1 ms and 28 KB per host: for benchmarks, so a
   * handshake never waits for a certificate. Default false.
   */
  prewarmTls?: boolean;
}

/** One site the testkit serves, as described by one catalogue entry. */
export interface SiteInfo {
  format: CatalogueFormat;
  /** The entry's name in its catalogue. */
  name: string;
  /** Host name; a pattern containing `{username}` when the username is part of the host name. */
  host: string;
  /** Usernames that currently get the "exists" response (catalogue's known accounts plus registered ones). */
  claimed: string[];
  /** Method and URL the fake site answers; `{username}` marks the username. */
  method: string;
  url: string;
}

/** A route where several entries' rules could not all hold at once; it is served per the first entry. */
export interface Conflict {
  host: string;
  method: string;
  url: string;
  entries: Array<{ format: CatalogueFormat; name: string }>;
  /** The entry whose rules the route follows; absent when even its own rules contradict each other. */
  followed?: { format: CatalogueFormat; name: string };
  reason: string;
}

/** A catalogue entry that cannot be served over HTTP, with the reason. */
export interface Skipped {
  format: CatalogueFormat;
  name: string;
  reason: string;
}

/** What a custom route handler receives. */
export interface RouteRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RouteResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** A custom route's answer; undefined when the request is not this route's (the host's sites then answer it). */
export type RouteHandler = (request: RouteRequest) => RouteResponse | undefined;

export interface LoggedRequest {
  host: string;
  method: string;
  /** Absolute URL as requested. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** Epoch milliseconds. */
  startedAt: number;
  /** Set when the response has finished or the connection closed. */
  endedAt?: number;
}

export interface RequestLog {
  /** Logged requests, oldest first, optionally for one host. */
  requests(host?: string): LoggedRequest[];
  /** Number of requests received since start or the last reset (exact even when entries were dropped). */
  count(host?: string): number;
  /** Highest number of requests to `host` in flight at the same time. */
  peakConcurrency(host: string): number;
  /** TCP connections currently open to the testkit. */
  openConnections(): number;
  reset(): void;
}

export interface Internet {
  port: number;
  /** A TLS-only port (no sniffing, native TLS): `connect` dials it for https. */
  tlsPort: number;
  /** `http://127.0.0.1:PORT`: an HTTP proxy (absolute-form and CONNECT) to every simulated host. */
  proxyUrl: string;
  /** PEM of the CA that signs every simulated host's certificate. */
  caPem: string;
  /** Path of a file holding `caPem`. */
  caFile: string;
  /** undici connector: dials every served host name to the testkit; unknown hosts fail with `ENOTFOUND`. */
  connect: buildConnector.connector;
  /** An undici Agent using `connect`. */
  dispatcher: Agent;
  /** Number of catalogue entries served. */
  siteCount: number;
  /** Served host names; where the username is part of the host name, a pattern such as `{username}.booth.pm`. */
  hosts(): string[];
  /** Every served catalogue entry, for tests to pick sites and usernames from. */
  sites(): SiteInfo[];
  /** Entries that could not be served, with reasons. */
  skipped(): Skipped[];
  /** Routes whose entries' rules could not all hold. */
  conflicts(): Conflict[];
  /** The username now exists on every fake site at `host` (a host name or a `sites()` host pattern). */
  register(host: string, username: string): void;
  /**
   * Like `register`, and the profile page carries this markup too (profile facts, links to other
   * profiles: issue 29). The page stays the site's generated profile page, so its rules still hold.
   */
  plant(host: string, username: string, page: PlantedPage): void;
  /** The username no longer exists at `host` (a known-claimed one of the catalogue included). */
  unregister(host: string, username: string): void;
  /** Per-host misbehaviour; `null` makes the host behave normally (also overriding seeded shares). */
  fault(host: string, fault: Fault | null): void;
  /**
   * A custom response for one host and path (path without query, or path with exact query); a path ending in
   * `*` serves every path that starts with what comes before it.
   */
  route(host: string, path: string, handler: RouteHandler): void;
  log: RequestLog;
  /** Connections, CONNECT tunnels, TLS handshakes (resumed ones too) and requests served so far (benchmarks). */
  connections(): ConnectionCounts;
  close(): Promise<void>;
}
