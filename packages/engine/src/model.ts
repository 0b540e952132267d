import type { ProfileFact } from '@hound/contracts';
import type { CheckBaseline } from './health/baseline.ts';
/**
 * The engine's shared vocabulary. Catalogue loaders produce these shapes; the checker, the search
 * stream, the health self-test, the CLI and the server consume them. Keep this file types-only.
 */

import type { EmailCheck } from './email/catalogue-format.ts';

/** Where a rule set came from. `hound` is Hound's own catalogue format. */
export type CatalogueFormat = 'sherlock' | 'whatsmyname' | 'maigret' | 'hound';

/** The four final states of one check. */
export type Verdict = 'found' | 'not_found' | 'unknown' | 'invalid';

/** Why a check could not decide. Never turned into found/not_found. */
export type UnknownReason =
  | 'timeout'
  | 'blocked' // WAF / captcha / bot-detection page, an enterprise WAF rejection, an empty answer
  | 'rate_limited' // 429 still in force after honouring Retry-After within the budget, or the site's own rate-limit page
  | 'login_wall' // a login page (or 401) instead of the profile
  | 'consent_wall' // a cookie-consent interstitial instead of the profile
  | 'region_blocked' // a region / legal block (451, "not available in your country")
  | 'conflict' // catalogues that describe the same site disagree
  | 'network' // reset, refused, closed mid-body
  | 'dns' // host does not resolve
  | 'tls' // certificate or handshake failure
  | 'blocked_address' // the host is or resolves to a loopback, private, link-local or other non-public address
  | 'http_error' // 403 / 5xx / unexpected status the rules do not cover
  | 'site_error' // a site-specific error marker (Maigret `errors` map)
  | 'redirect_loop'
  | 'too_large' // body or decompressed body over the cap before the rules could decide
  | 'cancelled'
  | 'unexpected_response' // a response the site's rules recognise as neither found nor not found
  | 'indistinguishable' // the site answers a never-registered name the same way: the answer says nothing about the user
  | 'unfamiliar_answer' // the answer does not look like this site's own profile or not-found page (its self-test baseline)
  | 'site_not_answering'; // the site gives its known account the same answer: it is not answering about users right now

/** Why a check was not attempted. No request is sent for these. */
export type InvalidReason = 'unsupported_username' | 'disabled' | 'unsupported_check' | 'missing_key';

export type Reason = UnknownReason | InvalidReason;

/** The HTTP request one check sends, with the username already placed and encoded. */
export interface CheckRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Follow redirects (bounded) or return the 3xx itself, per the catalogue's rule. */
  followRedirects: boolean;
  /** Decode the answer with this charset whatever its Content-Type says (Maigret `encoding`). */
  responseCharset?: string;
}

/** What the transport hands back to the rules. The body is at most the configured cap, decoded as text. */
export interface CheckResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** URL of the response actually judged (after any followed redirects). */
  finalUrl: string;
  /** Number of redirects followed. */
  redirects: number;
  /** True when the body was cut at the byte cap. */
  truncated: boolean;
  /** URL the check asked for, when redirects were followed to `finalUrl`. */
  requestUrl?: string;
  /** Method of the request that got this answer (a HEAD answer has no body to judge). */
  method?: CheckRequest['method'];
  /**
   * Strings the rules look for that were seen in the part of a long body read past the kept `body`
   * (docs/decisions/084-head-confirmation-and-long-pages.md); `body` holds only the start of the page.
   */
  seen?: string[];
}

/** The decision of one rule set (one catalogue's view of one site). */
export interface RuleOutcome {
  format: CatalogueFormat;
  verdict: Verdict;
  reason?: Reason;
  /** Human-readable rule that decided, e.g. `status 404 is not 2xx (status_code)`. */
  rule: string;
  /** Extra detail, e.g. the recognised WAF vendor or the site's own error message. */
  detail?: string;
  /**
   * A `found` that rests only on a status or on a missing "no such user" marker, on a page that does not
   * show the username: a control probe must tell it apart from any name (decisions 100 and 127; a page that
   * shows the name is no proof by itself). Internal: never left on a search result.
   */
  weak?: boolean;
}

/**
 * One catalogue entry, normalised. A site known to several catalogues has several checks.
 * `unsupported` entries are kept (and reported) rather than dropped.
 */
export interface SiteCheck {
  format: CatalogueFormat;
  /** The entry's name in its own catalogue. */
  name: string;
  /** Human profile URL template; `{username}` marks the username's place. */
  profileUrl: string;
  /** Home page, for display and favicons. */
  urlMain?: string;
  /** Request template; `{username}` marks the username's place in url and body. */
  request: {
    method: CheckRequest['method'];
    url: string;
    headers: Record<string, string>;
    body?: string;
    bodyEncoding?: 'json' | 'form' | 'raw';
    followRedirects: boolean;
    responseCharset?: string;
  };
  /**
   * Other servers of the same site (Maigret `mirrors`), tried in order when this check fails for a reason
   * another server could avoid, within the same time budget.
   */
  mirrors?: CheckMirror[];
  /** Format-specific detection rule; interpreted only by that format's judge. */
  rule: unknown;
  /**
   * JS regex source (already translated from Python; compile with the `u` flag) the username must
   * match (search semantics, like Python's `re.search`).
   */
  usernamePattern?: string;
  /** Characters removed from the username before placing it (WhatsMyName `strip_bad_char`). */
  stripChars?: string;
  category: string;
  tags: string[];
  nsfw: boolean;
  knownClaimed: string[];
  knownUnclaimed?: string;
  /** Anti-automation declared by the catalogue (informational unless it makes the check impossible). */
  protection: string[];
  disabled: boolean;
  /** Set when Hound cannot check this entry at all; the detail says why. */
  unsupported?: { reason: 'unsupported_check'; detail: string };
  /**
   * Set when a published false-positive list (Sherlock's exclusions) names this entry: not searched by
   * default, but still listed, and searched when the user names the site.
   */
  excluded?: { reason: string };
  /** Where the entry was loaded from (a URL or file path), for stats and `hound sites list`. */
  source?: string;
}

/** One mirror of a check: its base URL and the check's templates with that base in place of `urlMain`. */
export interface CheckMirror {
  base: string;
  url: string;
  profileUrl: string;
}

/** A site as searched and reported: every catalogue's check for one normalised host (or name). */
export interface Site {
  /** Stable id, e.g. `github.com` or `github.com/gist` when one host has distinct sites. */
  id: string;
  name: string;
  host: string;
  category: string;
  tags: string[];
  nsfw: boolean;
  checks: SiteCheck[];
}

/** Evidence a person needs to trust a result. */
export interface Evidence {
  status?: number;
  finalUrl?: string;
  /** The rule that decided (for merged sites, the agreeing rules joined). */
  rule: string;
  elapsedMs: number;
  /** Catalogues whose rules produced the verdict. */
  agreed: CatalogueFormat[];
  /** Every rule set's own outcome, present when more than one catalogue checked the site. */
  outcomes?: RuleOutcome[];
  /** Extra detail, e.g. which WAF was recognised or the Retry-After that was honoured. */
  detail?: string;
}

/** One site's final result for one username. */
export interface SiteResult {
  siteId: string;
  name: string;
  /** Profile URL for this username ('' when the username cannot be placed on this site). */
  url: string;
  category: string;
  tags: string[];
  verdict: Verdict;
  reason?: Reason;
  evidence: Evidence;
  /**
   * What a `found` profile states about its owner (issue 29), each with the page it came from. Never on
   * another verdict: extraction does not decide anything, and a block page yields none.
   */
  facts?: ProfileFact[];
}

/**
 * Profile facts: `page` reads them from what the check already fetched (default); `fetch` also makes one
 * GET of the profile page where the check read an API answer instead; `off` reads none.
 */
export type FactsMode = 'page' | 'fetch' | 'off';

export interface SearchProgress {
  done: number;
  total: number;
}

/** One item of the search stream: a result in completion order, with progress after it. */
export interface SearchEvent {
  result: SiteResult;
  progress: SearchProgress;
}

/** Which sites a search covers. */
export interface SearchOptions {
  /** Only these sites (by id or case-insensitive name). Named sites are searched even when NSFW or unreliable. */
  sites?: string[];
  /** Only sites with one of these categories or tags (case-insensitive). */
  categories?: string[];
  /** Include NSFW sites. @default false */
  nsfw?: boolean;
  /** Only checks from these catalogues. @default all loaded */
  formats?: CatalogueFormat[];
  /** Include sites the health self-test marked unreliable. @default false */
  includeUnreliable?: boolean;
  /** Per-check time budget in ms (connect + headers + body, retries included). */
  timeoutMs?: number;
  /** Profile facts of found results. @default 'page' */
  facts?: FactsMode;
  /** Cancels every request of this search. */
  signal?: AbortSignal;
}

/** One email check's result (email search). */
export interface EmailResult {
  checkId: string;
  name: string;
  domain: string;
  category: string;
  /** The account's page when the site has one per address, else ''. */
  url: string;
  /** How the check asks the site: register, login, recovery, api or profile. */
  method: string;
  verdict: Verdict;
  reason?: Reason;
  evidence: Evidence;
  /** Labelled values from a found answer (e.g. a Gravatar display name). */
  details?: Record<string, string>;
  /** Records a found answer carries, e.g. breaches as `Hacked Email Address`. */
  records?: Array<{ type: string; data: string }>;
  /** Usernames a found answer reveals, offered as username searches. */
  usernames?: string[];
}

export interface EmailSearchEvent {
  result: EmailResult;
  progress: SearchProgress;
}

export interface EmailSearchOptions {
  /** Only these checks (by id). */
  checks?: string[];
  /** Run checks that may notify the address's owner. @default false */
  loud?: boolean;
  /** Include adult sites' checks (left out otherwise, unless named in `checks`). @default false */
  adult?: boolean;
  /** API keys by setting name (e.g. `HIBP_API_KEY`), for checks that need one. */
  keys?: Record<string, string | undefined>;
  /** Per-check time budget in ms. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Health self-test outcome for one site. */
export interface SiteHealth {
  siteId: string;
  reliable: boolean;
  /** Why it is unreliable, e.g. `claimed "blue" judged not_found` or `random username judged found (soft-404)`. */
  reason?: string;
  checkedAt: string;
  /** Per catalogue check of a merged site; a search skips broken checks and keeps the site if one works. */
  checks?: CheckHealth[];
}

/** Health self-test outcome for one catalogue's check of a site. */
export interface CheckHealth {
  format: CatalogueFormat;
  /** The entry's name in its catalogue. */
  name: string;
  reliable: boolean;
  reason?: string;
  /** Self-test probes that ended `unknown` (timeouts, blocks); they never mark a check unreliable. */
  undecided?: number;
  /** What the site's own found and not-found answers looked like (reliable checks only; decision 100). */
  baseline?: CheckBaseline;
}

/** A loaded engine: catalogues, one shared transport, health. Create once per process. */
export interface Engine {
  readonly sites: readonly Site[];
  /** Results in completion order; the stream ends when every selected site has a result. */
  searchUsername(username: string, options?: SearchOptions): AsyncIterable<SearchEvent>;
  /** Number of sites a search with these options would check. */
  countSites(options?: SearchOptions): number;
  /** Latest self-test outcome per site (empty before the first run). */
  health(): readonly SiteHealth[];
  /** Runs the health self-test over all sites and email checks, and stores the outcome. */
  selfTest(options?: {
    signal?: AbortSignal;
    onProgress?: (p: SearchProgress) => void;
    /** Per-check budget in ms. @default the engine's `timeoutMs` */
    timeoutMs?: number;
    /** API keys for keyed email checks (without them those checks are not probed). */
    emailKeys?: Record<string, string | undefined>;
  }): Promise<SiteHealth[]>;
  /** Every loaded email check. */
  readonly emailChecks: readonly EmailCheck[];
  /** Latest self-test outcome per email check id. */
  emailHealth(): ReadonlyMap<string, SiteHealth>;
  /** Number of email checks an email search runs (loud and keyed ones included: they answer `invalid`). */
  /** How many checks a search with these options runs (adult ones only with `adult`). */
  countEmailChecks(options?: Pick<EmailSearchOptions, 'adult'>): number;
  /** Email search: results in completion order, one per email check. */
  searchEmail(email: string, options?: EmailSearchOptions): AsyncIterable<EmailSearchEvent>;
  close(): Promise<void>;
}
