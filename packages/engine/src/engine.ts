import { resolve } from 'node:path';
import { buildSites } from './catalogue/build-sites.ts';
import { type CatalogueSourceStats, catalogueStats } from './catalogue/catalogue-stats.ts';
import { normaliseEmail } from './email/address.ts';
import type { EmailCheck } from './email/catalogue-format.ts';
import { EmailControls, readEmailControls, writeEmailControls } from './email/email-controls.ts';
import { EMAIL_HEALTH_PREFIX, runEmailSelfTest } from './email/email-self-test.ts';
import { BUNDLED_EMAIL_CATALOGUE, loadEmailCatalogues } from './email/load-email-catalogue.ts';
import { searchEmailStream } from './email/search-email.ts';
import { AccountLinks } from './facts/account-links.ts';
import { type CheckBaseline, checkKey } from './health/baseline.ts';
import { runSelfTest } from './health/self-test.ts';
import { readHealth, writeHealth } from './health/store.ts';
import type {
  EmailSearchEvent,
  EmailSearchOptions,
  Engine,
  SearchEvent,
  SearchOptions,
  SearchProgress,
  Site,
  SiteCheck,
  SiteHealth,
} from './model.ts';
import { controlProbesFor, readControls, writeControls } from './search/control-probe.ts';
import { SearchError } from './search/errors.ts';
import { searchStream } from './search/search-stream.ts';
import { SearchThreads } from './search/search-threads.ts';
import { selectSites } from './search/select-sites.ts';
import { type CatalogueSource, catalogueSourceFromArg } from './sources/defaults.ts';
import { createFetchText, type FetchText } from './sources/fetch-text.ts';
import { type LoadCatalogueSourcesOptions, loadCatalogueSources, type SourceReport } from './sources/load-sources.ts';
import { createTransport, type Transport, TransportConfigError, type TransportOptions } from './transport/index.ts';
import { EMAIL_INPUT_MESSAGE, isEmailLike } from './username/email.ts';
import { normaliseUsernameInput } from './username/input.ts';

/** How to build an engine. Transport settings (proxy, CA, limits, timeouts, connect) sit at the top level. */
export interface EngineOptions extends TransportOptions {
  /**
   * Catalogues to load: file paths, http(s) URLs (downloaded and cached) or source objects. Replaces the
   * defaults. @default the upstream Sherlock, WhatsMyName and Maigret files (cached, refreshed daily)
   */
  catalogues?: ReadonlyArray<string | CatalogueSource>;
  /** Already-loaded catalogue checks; when given, no catalogue is loaded. */
  checks?: readonly SiteCheck[];
  /** Where downloaded catalogues and health.json live. @default `./.data` */
  dataDir?: string;
  /**
   * Keep the email checks' never-registered controls across runs in `<dataDir>/email-controls.json` (read on
   * load, written on close; decision 162). The CLI does; off by default, so engines sharing a data dir by
   * accident (tests in one working directory, against different fakes) never vouch for one another.
   * @default false
   */
  keepEmailControls?: boolean;
  /**
   * Sherlock's false-positive exclusions list.
   * @default the upstream list when the default catalogues are used; none with custom `catalogues`
   */
  exclusions?: LoadCatalogueSourcesOptions['exclusions'];
  /** Download catalogues now even when the cache is fresh. @default false */
  refreshCatalogues?: boolean;
  /** Catalogue download function. @default undici through this engine's dispatcher (same proxy and CA) */
  fetchText?: FetchText;
  /** Health self-test settings. */
  health?: {
    /** @default `<dataDir>/health.json` */
    file?: string;
    /** Known-claimed usernames probed per check. @default 2 */
    claimedPerCheck?: number;
  };
  /** Receives warnings such as "using a cached catalogue". @default ignored */
  onWarning?: (message: string) => void;
  /** Cancels catalogue loading. */
  signal?: AbortSignal;
  /**
   * Email-check catalogue files or URLs (Hound's `hound-email` format). Later catalogues replace checks with
   * the same id. URLs are downloaded on each load and cached; a failed download uses the cached copy.
   * @default the catalogue that ships with Hound
   */
  emailCatalogues?: readonly string[];
  /**
   * Username searches run on this many worker threads, each with its own transport (limits apply per
   * thread), so the calling thread's event loop stays free — a server's API stays responsive while
   * searches keep a core busy. Not with `connect` (a function cannot cross to a thread). @default 0 (here)
   */
  searchThreads?: number;
  /**
   * How much lower the search threads' priority is than the process's main thread's (a nice increment,
   * 0–19; Linux). A server gives its API thread the cores first this way while searches keep them busy.
   * @default 0
   */
  searchThreadNice?: number;
  /**
   * Decision 100's answer checks at search time: control probes for weak founds and the comparison with
   * the self-test's baselines. `false` turns both off — for `bench:engine` only, to measure what they
   * cost (decision 105); a real search must never run without them. Not with `searchThreads`. @default true
   */
  searchGuards?: boolean;
}

/** The engine as created by `createEngine`: the `Engine` interface plus catalogue information. */
export interface HoundEngine extends Engine {
  /** Every loaded catalogue check, including disabled, unsupported and excluded ones. */
  readonly checks: readonly SiteCheck[];
  /** Where each catalogue came from (network, cache, file) and how many entries it had. */
  readonly sources: readonly SourceReport[];
  /** Warnings raised while loading catalogues. */
  readonly warnings: readonly string[];
  /** Per-source counts of usable, disabled, excluded and unsupported entries, with reasons. */
  stats(): CatalogueSourceStats[];
  /** The transport every check uses (shared dispatcher and limits). */
  readonly transport: Transport;
  /**
   * Checks where `email` has an account; results in completion order. Loud checks run only with
   * `loud: true`; keyed checks only with their key in `keys`.
   * @throws EmailInputError for input that is not one address
   */
  searchEmail(email: string, options?: EmailSearchOptions): AsyncIterable<EmailSearchEvent>;
}

function sourcesFrom(catalogues: ReadonlyArray<string | CatalogueSource>): CatalogueSource[] {
  return catalogues.map((c) => (typeof c === 'string' ? catalogueSourceFromArg(c) : c));
}

/**
 * Loads the catalogues, builds the site list, opens the shared transport and reads the last health
 * self-test. Create one engine per process and share it.
 * @throws CatalogueError when no catalogue can be loaded; TransportConfigError for bad transport options.
 */
export async function createEngine(options: EngineOptions = {}): Promise<HoundEngine> {
  const dataDir = resolve(options.dataDir ?? '.data');
  const threads = options.searchThreads ?? 0;
  if (!Number.isInteger(threads) || threads < 0 || threads > 64) {
    throw new TransportConfigError('invalid_option', `searchThreads must be an integer from 0 to 64, got ${threads}`);
  }
  const nice = options.searchThreadNice ?? 0;
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) {
    throw new TransportConfigError('invalid_option', `searchThreadNice must be an integer from 0 to 19, got ${nice}`);
  }
  if (threads > 0 && options.searchGuards === false) {
    throw new TransportConfigError('invalid_option', 'searchGuards: false cannot be used with searchThreads');
  }
  if (threads > 0 && options.connect) {
    throw new TransportConfigError('invalid_option', 'searchThreads cannot be used with a custom connect function');
  }
  const transport = createTransport(options);
  try {
    let checks: SiteCheck[];
    let sources: SourceReport[] = [];
    let warnings: string[] = [];
    if (options.checks) {
      checks = [...options.checks];
    } else {
      const custom = options.catalogues !== undefined;
      const loaded = await loadCatalogueSources({
        dataDir,
        ...(custom ? { sources: sourcesFrom(options.catalogues ?? []) } : {}),
        exclusions: options.exclusions ?? (custom ? false : undefined),
        fetchText: options.fetchText ?? createFetchText({ dispatcher: transport.dispatcher }),
        refresh: options.refreshCatalogues ?? false,
        ...(options.onWarning ? { onWarning: options.onWarning } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      checks = loaded.checks;
      sources = loaded.sources;
      warnings = loaded.warnings;
    }
    const healthFile = options.health?.file ?? resolve(dataDir, 'health.json');
    const health = await readHealth(healthFile);
    const emailChecks = await loadEmailCatalogues(options.emailCatalogues ?? [BUNDLED_EMAIL_CATALOGUE], {
      fetchText: options.fetchText ?? createFetchText({ dispatcher: transport.dispatcher }),
      cacheDir: resolve(dataDir, 'email-catalogues'),
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const sites = buildSites(checks);
    const controlsFile = resolve(dataDir, 'controls.json');
    const controls = controlProbesFor(transport);
    await readControls(controlsFile, controls);
    const emailControlsFile = options.keepEmailControls ? resolve(dataDir, 'email-controls.json') : undefined;
    const emailControls = new EmailControls();
    if (emailControlsFile) await readEmailControls(emailControlsFile, emailControls);
    const searchThreads = threads > 0 ? new SearchThreads(sites, transport, threads, nice) : undefined;
    searchThreads?.shareControls(controls.snapshot());
    return new LoadedEngine(sites, checks, sources, warnings, transport, health, emailChecks, {
      healthFile,
      claimedPerCheck: options.health?.claimedPerCheck ?? 2,
      guards: options.searchGuards ?? true,
      threads: searchThreads,
      controlsFile,
      emailControls,
      ...(emailControlsFile ? { emailControlsFile } : {}),
    });
  } catch (error) {
    await transport.close();
    throw error;
  }
}

class LoadedEngine implements HoundEngine {
  private healthBySite: Map<string, SiteHealth>;
  private healthByEmailCheck: Map<string, SiteHealth>;
  private closed = false;
  private accountLinks: AccountLinks | undefined;

  constructor(
    readonly sites: readonly Site[],
    readonly checks: readonly SiteCheck[],
    readonly sources: readonly SourceReport[],
    readonly warnings: readonly string[],
    readonly transport: Transport,
    health: SiteHealth[],
    readonly emailChecks: readonly EmailCheck[],
    private readonly settings: {
      healthFile: string;
      claimedPerCheck: number;
      guards: boolean;
      threads: SearchThreads | undefined;
      /** `<dataDir>/controls.json` (decision 127). */
      controlsFile: string;
      /** Never-registered controls of the email checks, shared by every email search of this engine (decision 131). */
      emailControls: EmailControls;
      /** `<dataDir>/email-controls.json` when the engine keeps them across runs (decision 162). */
      emailControlsFile?: string;
    },
  ) {
    const ids = new Set(sites.map((s) => s.id));
    this.healthBySite = new Map(health.filter((h) => ids.has(h.siteId)).map((h) => [h.siteId, h]));
    const emailIds = new Set(emailChecks.map((c) => c.id));
    this.healthByEmailCheck = new Map(
      health
        .filter((h) => h.siteId.startsWith(EMAIL_HEALTH_PREFIX))
        .map((h) => [h.siteId.slice(EMAIL_HEALTH_PREFIX.length), h] as const)
        .filter(([id]) => emailIds.has(id)),
    );
  }

  searchUsername(username: string, options: SearchOptions = {}): AsyncIterable<SearchEvent> {
    if (this.closed) throw new SearchError('engine_closed', 'The engine has been closed.');
    if (isEmailLike(username)) throw new SearchError('email_address', EMAIL_INPUT_MESSAGE);
    const name = normaliseUsernameInput(username);
    const selected = selectSites(this.sites, options, this.healthBySite);
    const streamOptions = {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      baselines: baselinesOf(selected, this.healthBySite),
      ...(options.facts ? { facts: options.facts } : {}),
      ...(this.settings.guards ? {} : { guards: false as const }),
    };
    const threads = this.settings.threads;
    if (threads) return threads.search(selected, name, streamOptions);
    this.accountLinks ??= new AccountLinks(this.sites);
    return searchStream(selected, name, this.transport, { ...streamOptions, links: this.accountLinks });
  }

  /**
   * The email checks a search runs: every one but those the self-test found unreliable and, unless the
   * search asks for them, adult sites' — or exactly those named.
   */
  private selectedEmailChecks(options: EmailSearchOptions): readonly EmailCheck[] {
    if (options.checks) {
      const wanted = new Set(options.checks);
      return this.emailChecks.filter((c) => wanted.has(c.id));
    }
    return this.emailChecks.filter(
      (c) => this.healthByEmailCheck.get(c.id)?.reliable !== false && (options.adult === true || !c.adult),
    );
  }

  countEmailChecks(options: Pick<EmailSearchOptions, 'adult'> = {}): number {
    return this.selectedEmailChecks(options).length;
  }

  emailHealth(): ReadonlyMap<string, SiteHealth> {
    return this.healthByEmailCheck;
  }

  searchEmail(email: string, options: EmailSearchOptions = {}): AsyncIterable<EmailSearchEvent> {
    if (this.closed) throw new SearchError('engine_closed', 'The engine has been closed.');
    const address = normaliseEmail(email);
    return searchEmailStream(
      this.selectedEmailChecks(options),
      address,
      this.transport,
      options,
      this.settings.guards ? this.settings.emailControls : undefined,
    );
  }

  countSites(options: SearchOptions = {}): number {
    return selectSites(this.sites, options, this.healthBySite).length;
  }

  health(): readonly SiteHealth[] {
    return [...this.healthBySite.values()];
  }

  async selfTest(
    options: {
      signal?: AbortSignal;
      onProgress?: (p: SearchProgress) => void;
      timeoutMs?: number;
      /** API keys for keyed email checks (without them those checks are not probed). */
      emailKeys?: Record<string, string | undefined>;
    } = {},
  ): Promise<SiteHealth[]> {
    if (this.closed) throw new SearchError('engine_closed', 'The engine has been closed.');
    const controls = controlProbesFor(this.transport);
    const results = await runSelfTest(this.sites, this.transport, {
      ...options,
      claimedPerCheck: this.settings.claimedPerCheck,
      controls,
    });
    this.settings.threads?.shareControls(controls.snapshot());
    const emailResults = await runEmailSelfTest(this.emailChecks, this.transport, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.emailKeys ? { keys: options.emailKeys } : {}),
    });
    if (options.signal?.aborted) return results; // a cancelled run is not stored: its unknowns mean nothing
    this.healthBySite = new Map(results.map((h) => [h.siteId, h]));
    this.healthByEmailCheck = new Map(emailResults.map((h) => [h.siteId.slice(EMAIL_HEALTH_PREFIX.length), h]));
    await writeHealth(this.settings.healthFile, [...results, ...emailResults]);
    return results;
  }

  stats(): CatalogueSourceStats[] {
    return catalogueStats(this.checks);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // The controls taken here outlive the process (the CLI's next run within the TTL sends none); a
    // data dir that cannot be written costs only those requests again.
    if (this.settings.guards) {
      await Promise.all([
        writeControls(this.settings.controlsFile, controlProbesFor(this.transport)).catch(() => undefined),
        this.settings.emailControlsFile
          ? writeEmailControls(this.settings.emailControlsFile, this.settings.emailControls).catch(() => undefined)
          : undefined,
      ]);
    }
    await Promise.all([this.settings.threads?.close(), this.transport.close()]);
  }
}

/** The self-test's baselines of the selected sites' checks, by check key (decision 100). */
function baselinesOf(
  selected: ReturnType<typeof selectSites>,
  health: ReadonlyMap<string, SiteHealth>,
): Map<string, CheckBaseline> {
  const baselines = new Map<string, CheckBaseline>();
  for (const { site } of selected) {
    for (const check of health.get(site.id)?.checks ?? []) {
      if (check.baseline) baselines.set(checkKey(check), check.baseline);
    }
  }
  return baselines;
}
