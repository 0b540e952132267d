import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMalformed } from '../catalogue/entry.ts';
import { CatalogueError } from '../catalogue/errors.ts';
import { loadCatalogue } from '../catalogue/load-catalogue.ts';
import type { CatalogueFormat, SiteCheck } from '../model.ts';
import { type CacheMeta, cacheKey, readCache, sha256, writeCache } from './cache.ts';
import { type CatalogueSource, DEFAULT_CATALOGUE_SOURCES, SHERLOCK_EXCLUSIONS_URL } from './defaults.ts';
import { createFetchText, type FetchText } from './fetch-text.ts';

export const EXCLUDED_REASON = "excluded by Sherlock's false-positive list";

export interface LoadCatalogueSourcesOptions {
  /** Hound's data directory; downloads are cached in `<dataDir>/catalogues/`. */
  dataDir: string;
  /** Replaces the defaults (Sherlock, WhatsMyName, Maigret upstream files). */
  sources?: readonly CatalogueSource[];
  /** Download function. @default createFetchText() (undici, public addresses only) */
  fetchText?: FetchText;
  /** A cached download younger than this is used without asking the network. @default 24 h */
  maxAgeMs?: number;
  /** Download now even when the cache is fresh (`hound sites update`). @default false */
  refresh?: boolean;
  /** Sherlock's false-positive exclusions: a URL (cached like catalogues), a file, or false to ignore. @default SHERLOCK_EXCLUSIONS_URL */
  exclusions?: false | { url: string } | { path: string };
  signal?: AbortSignal;
  /** Called for every warning (stale cache used, exclusions unavailable, …). */
  onWarning?: (message: string) => void;
  /** @default () => new Date() */
  now?: () => Date;
}

export interface SourceReport {
  name: string;
  /** The URL or path the content came from. */
  location: string;
  format?: CatalogueFormat;
  origin: 'network' | 'cache' | 'file' | 'unavailable';
  fetchedAt?: string;
  sha256?: string;
  entries: number;
  /** Why the source is stale or unavailable. */
  warning?: string;
}

export interface LoadedCatalogues {
  checks: SiteCheck[];
  sources: SourceReport[];
  exclusions?: SourceReport;
  warnings: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface Obtained {
  text: string;
  location: string;
  origin: 'network' | 'cache';
  meta: CacheMeta;
  warning?: string;
}

/**
 * Loads every configured catalogue (docs/decisions/025-catalogue-sources.md): URL sources are downloaded
 * on first use, cached with their sha256 and fetch time, refreshed when older than `maxAgeMs`, validated
 * before they replace a cached copy, and served from the cache (with a warning) when the network fails.
 * Sherlock entries named by its exclusions list are marked `excluded`.
 * @throws CatalogueError `catalogue_unavailable` when no source could be obtained from network or cache;
 *   `catalogue_file_unreadable` or a parse/format code for a bad local file.
 */
export async function loadCatalogueSources(options: LoadCatalogueSourcesOptions): Promise<LoadedCatalogues> {
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    options.onWarning?.(message);
  };
  const context = {
    dir: join(options.dataDir, 'catalogues'),
    fetchText: options.fetchText ?? createFetchText(),
    maxAgeMs: options.maxAgeMs ?? DAY_MS,
    refresh: options.refresh ?? false,
    now: options.now ?? (() => new Date()),
    signal: options.signal,
  };
  const sources = options.sources ?? DEFAULT_CATALOGUE_SOURCES;
  const exclusionsSpec = options.exclusions ?? { url: SHERLOCK_EXCLUSIONS_URL };

  const [loaded, exclusions] = await Promise.all([
    Promise.all(sources.map((source) => loadSource(source, context))),
    exclusionsSpec === false ? undefined : loadExclusions(exclusionsSpec, context),
  ]);

  const available = loaded.filter((l) => l.report.origin !== 'unavailable');
  if (available.length === 0) {
    const details = loaded.map((l) => `${l.report.name}: ${l.report.warning}`).join('\n');
    throw new CatalogueError(
      'catalogue_unavailable',
      `No site catalogue could be downloaded and none is cached in ${context.dir}.\n${details}\n` +
        'Connect to the internet once (or pass --catalogue FILE) and try again.',
    );
  }
  for (const { report } of loaded) if (report.warning) warn(`${report.name}: ${report.warning}`);

  const checks = loaded.flatMap((l) => l.checks);
  if (exclusions) {
    if (exclusions.report.warning) warn(`Sherlock exclusions: ${exclusions.report.warning}`);
    const names = exclusions.names;
    for (const check of checks) {
      if (check.format === 'sherlock' && names.has(check.name)) check.excluded = { reason: EXCLUDED_REASON };
    }
  }
  return {
    checks,
    sources: loaded.map((l) => l.report),
    ...(exclusions ? { exclusions: exclusions.report } : {}),
    warnings,
  };
}

interface Context {
  dir: string;
  fetchText: FetchText;
  maxAgeMs: number;
  refresh: boolean;
  now: () => Date;
  signal: AbortSignal | undefined;
}

async function loadSource(
  source: CatalogueSource,
  context: Context,
): Promise<{ checks: SiteCheck[]; report: SourceReport }> {
  const format = source.format;
  if ('path' in source) {
    let text: string;
    try {
      text = await readFile(source.path, 'utf8');
    } catch (error) {
      throw new CatalogueError(
        'catalogue_file_unreadable',
        `Cannot read catalogue ${source.path}: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    const checks = loadCatalogue(text, { source: source.path, ...(format ? { format } : {}) });
    return {
      checks,
      report: {
        name: source.name,
        location: source.path,
        format: checks[0]?.format ?? format,
        origin: 'file',
        sha256: sha256(text),
        entries: checks.length,
      },
    };
  }
  let checks: SiteCheck[] = [];
  const obtained = await obtain(source.name, source.urls, context, (text, url) => {
    checks = validDownload(loadCatalogue(text, { source: url, ...(format ? { format } : {}) }));
  });
  if ('unavailable' in obtained) {
    return {
      checks: [],
      report: {
        name: source.name,
        location: source.urls[0] ?? '',
        origin: 'unavailable',
        entries: 0,
        warning: obtained.unavailable,
        ...(format ? { format } : {}),
      },
    };
  }
  if (obtained.origin === 'cache')
    checks = loadCatalogue(obtained.text, { source: obtained.location, ...(format ? { format } : {}) });
  return {
    checks,
    report: {
      name: source.name,
      location: obtained.location,
      format: checks[0]?.format ?? format,
      origin: obtained.origin,
      fetchedAt: obtained.meta.fetchedAt,
      sha256: obtained.meta.sha256,
      entries: checks.length,
      ...(obtained.warning ? { warning: obtained.warning } : {}),
    },
  };
}

/**
 * A download replaces the cache only if it looks like a real catalogue: some entries, most of them well
 * formed (an error page that happens to be JSON must not wipe a good cached copy).
 */
function validDownload(checks: SiteCheck[]): SiteCheck[] {
  if (checks.length === 0) throw new Error('no entries');
  const malformed = checks.filter(isMalformed).length;
  if (malformed * 2 > checks.length) throw new Error(`${malformed} of ${checks.length} entries are malformed`);
  return checks;
}

/**
 * Cache-first download: a fresh cache entry is used as is; otherwise each URL is tried in order, and the
 * first download that passes `validate` replaces the cache. If none does, a stale cache is used.
 */
async function obtain(
  name: string,
  urls: readonly string[],
  context: Context,
  validate: (text: string, url: string) => void,
): Promise<Obtained | { unavailable: string }> {
  const primary = urls[0];
  if (primary === undefined) return { unavailable: 'no URL configured' };
  const key = cacheKey(name, primary);
  const cached = await readCache(context.dir, key);
  const now = context.now();
  if (cached && !context.refresh && now.getTime() - Date.parse(cached.meta.fetchedAt) < context.maxAgeMs) {
    return { text: cached.text, location: cached.meta.url, origin: 'cache', meta: cached.meta };
  }
  const problems: string[] = [];
  for (const url of urls) {
    let text: string;
    try {
      text = await context.fetchText(url, context.signal ? { signal: context.signal } : {});
    } catch (error) {
      if (context.signal?.aborted) throw error;
      problems.push(`${url}: ${(error as Error).message}`);
      continue;
    }
    try {
      validate(text, url);
    } catch (error) {
      problems.push(`${url}: downloaded content rejected (${(error as Error).message})`);
      continue;
    }
    const meta = await writeCache(context.dir, key, text, url, now);
    return { text, location: url, origin: 'network', meta };
  }
  if (cached) {
    return {
      text: cached.text,
      location: cached.meta.url,
      origin: 'cache',
      meta: cached.meta,
      warning: `could not refresh (${problems.join('; ')}); using the copy fetched ${cached.meta.fetchedAt}`,
    };
  }
  return { unavailable: `not cached and could not be downloaded (${problems.join('; ')})` };
}

/** The exclusions list is plain text, one site name per line; HTML or binary content is rejected. */
export function parseExclusions(text: string): Set<string> {
  if (/^\s*</.test(text) || text.includes('\u0000')) throw new Error('not a plain-text list of site names');
  const names = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (names.some((n) => n.length > 200)) throw new Error('a line is too long to be a site name');
  return new Set(names);
}

async function loadExclusions(
  spec: { url: string } | { path: string },
  context: Context,
): Promise<{ names: Set<string>; report: SourceReport }> {
  const name = 'sherlock-exclusions';
  if ('path' in spec) {
    let text: string;
    try {
      text = await readFile(spec.path, 'utf8');
    } catch (error) {
      throw new CatalogueError(
        'catalogue_file_unreadable',
        `Cannot read exclusions ${spec.path}: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    const names = parseExclusions(text);
    return { names, report: { name, location: spec.path, origin: 'file', sha256: sha256(text), entries: names.size } };
  }
  const obtained = await obtain(name, [spec.url], context, (text) => {
    parseExclusions(text);
  });
  if ('unavailable' in obtained) {
    return {
      names: new Set(),
      report: {
        name,
        location: spec.url,
        origin: 'unavailable',
        entries: 0,
        warning: `${obtained.unavailable}; Sherlock sites on its false-positive list are searched`,
      },
    };
  }
  const names = parseExclusions(obtained.text);
  return {
    names,
    report: {
      name,
      location: obtained.location,
      origin: obtained.origin,
      fetchedAt: obtained.meta.fetchedAt,
      sha256: obtained.meta.sha256,
      entries: names.size,
      ...(obtained.warning ? { warning: obtained.warning } : {}),
    },
  };
}
