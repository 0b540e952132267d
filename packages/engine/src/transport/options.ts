import type { buildConnector } from 'undici';

/** Project address shown in the default User-Agent so site operators can find out who is calling. */
export const PROJECT_URL = 'https://github.com/hound-osint/hound';

/** Default User-Agent: descriptive, with a contact URL. Sites whose catalogue sets a User-Agent keep theirs. */
export const DEFAULT_USER_AGENT = `Mozilla/5.0 (compatible; Hound/0.1; +${PROJECT_URL})`;

/** How Hound talks to the network. Every field is optional; defaults are listed with @default. */
export interface TransportOptions {
  /**
   * Proxy for every request: `http://`, `https://`, `socks5://` (DNS resolved locally) or `socks5h://`
   * (DNS resolved by the proxy, as Tor needs). Credentials may be given in the URL.
   * @default none (direct connections)
   */
  proxy?: string;
  /** Extra trusted CA certificates (PEM file), added to Node's default roots (not replacing them). */
  caFile?: string;
  /** Extra trusted CA certificates as PEM text (same effect as caFile). */
  caPem?: string;
  /** User-Agent for checks whose catalogue entry sets none. @default DEFAULT_USER_AGENT */
  userAgent?: string;
  /** Maximum requests in flight across all hosts. @default 512 */
  globalConcurrency?: number;
  /** Maximum requests in flight to one host (politeness). @default 4 */
  perHostConcurrency?: number;
  /** TCP + TLS connect timeout in ms. @default 5000 */
  connectTimeoutMs?: number;
  /** Time to wait for response headers in ms (never more than what is left of the check budget). @default timeoutMs */
  headersTimeoutMs?: number;
  /** Longest pause between two body chunks in ms. @default 5000 */
  bodyTimeoutMs?: number;
  /** Per-check budget in ms (every hop, retry and Retry-After wait of one check). @default 15000 */
  timeoutMs?: number;
  /** Bytes of (decompressed) body kept per response; the rest is not read. @default 262144 (256 KiB) */
  maxBodyBytes?: number;
  /**
   * A longer body is read on, up to this many bytes, without keeping it: only the strings the check's
   * rules look for are searched in it, so a long profile page is judged. Past this it is `too_large`.
   * @default 4194304 (4 MiB)
   */
  maxScanBytes?: number;
  /** Redirects followed per check when its rule follows redirects. @default 5 */
  maxRedirects?: number;
  /** Extra attempts after a transient failure (reset before any response, 502/503/504). @default 1 */
  retries?: number;
  /** How many 429 responses one check waits out (Retry-After within the budget) before giving up. @default 2 */
  rateLimitWaits?: number;
  /** How long idle keep-alive sockets are kept, in ms. @default 2000 */
  keepAliveTimeoutMs?: number;
  /**
   * Lower the global limit while this thread's event loop falls behind (the checks are CPU-bound: more
   * requests in flight only make each one slower), and raise it back, up to `globalConcurrency`, while the
   * loop keeps up. For a process whose searches saturate a core. @default false
   */
  adaptiveConcurrency?: boolean;
  /**
   * Also connect to loopback, private (RFC 1918), link-local (cloud metadata), CGNAT, unique-local and other
   * non-public addresses. Off, a check whose host is or resolves to one is `unknown` `blocked_address`, on
   * every redirect hop, and so is a catalogue download. Through an HTTP or socks5h proxy the proxy resolves
   * host names, so only IP literals and `localhost` are refused there. @default false
   */
  allowPrivateAddresses?: boolean;
  /**
   * undici connector used for every connection instead of the default TCP/TLS one (tests route all hosts
   * to @hound/testkit with it). Takes precedence over `proxy`. The address it dials is checked like any
   * other (the testkit's is loopback: such tests set `allowPrivateAddresses`).
   */
  connect?: buildConnector.connector;
}

export type ResolvedTransportOptions = Required<Omit<TransportOptions, 'proxy' | 'caFile' | 'caPem' | 'connect'>> &
  Pick<TransportOptions, 'proxy' | 'caFile' | 'caPem' | 'connect'>;

export const TRANSPORT_DEFAULTS = {
  userAgent: DEFAULT_USER_AGENT,
  globalConcurrency: 512,
  perHostConcurrency: 4,
  connectTimeoutMs: 5_000,
  bodyTimeoutMs: 5_000,
  timeoutMs: 15_000,
  maxBodyBytes: 256 * 1024,
  maxScanBytes: 4 * 1024 * 1024,
  maxRedirects: 5,
  retries: 1,
  rateLimitWaits: 2,
  keepAliveTimeoutMs: 2_000,
  adaptiveConcurrency: false,
  allowPrivateAddresses: false,
} as const satisfies Partial<ResolvedTransportOptions>;
