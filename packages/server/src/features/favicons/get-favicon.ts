import type { Engine } from '@hound/engine';
import { eq } from 'drizzle-orm';
import { type Dispatcher, request } from 'undici';
import type { Database } from '../../db/client.ts';
import { favicons } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export interface FaviconDeps {
  db: Database;
  dispatcher: Dispatcher;
  ttlMs: number;
  maxBytes?: number;
  timeoutMs?: number;
}

export interface Favicon {
  contentType: string;
  body: Buffer;
}

/** Raster types only: an SVG could carry script. */
const IMAGE_TYPES = new Set([
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/png',
  'image/gif',
  'image/jpeg',
  'image/webp',
]);
const FAILURE_TTL_MS = 24 * 3600 * 1000;
const MAX_REDIRECTS = 3;

const hostsByEngine = new WeakMap<Engine, Set<string>>();

/**
 * Hosts the catalogues name (site hosts, their home pages, and the email checks' sites): the only targets a
 * favicon fetch may have.
 */
export function catalogueHosts(engine: Engine): Set<string> {
  let hosts = hostsByEngine.get(engine);
  if (!hosts) {
    hosts = new Set();
    for (const site of engine.sites) {
      hosts.add(site.host.toLowerCase());
      for (const check of site.checks) {
        if (!check.urlMain) continue;
        try {
          hosts.add(new URL(check.urlMain).host.toLowerCase());
        } catch {
          // A malformed home page URL names no host.
        }
      }
    }
    for (const check of engine.emailChecks) hosts.add(check.domain.toLowerCase());
    hostsByEngine.set(engine, hosts);
  }
  return hosts;
}

/**
 * The catalogue host whose icon stands for `host`: the host itself, or the catalogue host it is a
 * subdomain of (profiles like `name.example.com`), or its `www.` form. Undefined when none: then nothing
 * is fetched, so a visitor can never make the server contact a host of their choosing.
 */
export function resolveCatalogueHost(hosts: Set<string>, host: string): string | undefined {
  if (hosts.has(host)) return host;
  const labels = host.split('.');
  for (let i = 1; i <= labels.length - 2; i++) {
    const parent = labels.slice(i).join('.');
    if (hosts.has(parent)) return parent;
  }
  return hosts.has(`www.${host}`) ? `www.${host}` : undefined;
}

const inFlight = new Map<string, Promise<Favicon | null>>();

/**
 * A catalogue site's icon, fetched by the server (so visitors' browsers never contact the site) and
 * cached in the database. Null means "no usable icon" (also cached, for a day).
 */
export async function getFavicon(
  deps: FaviconDeps,
  engine: Engine | undefined,
  rawHost: string,
): Promise<Favicon | null> {
  const host = engine && resolveCatalogueHost(catalogueHosts(engine), rawHost.toLowerCase());
  if (!host) throw new AppError('FAVICON_UNKNOWN_HOST', `${rawHost} is not a site in the loaded catalogues.`);
  const [row] = await deps.db.select().from(favicons).where(eq(favicons.host, host));
  if (row && row.expiresAt.getTime() > Date.now()) {
    return row.body && row.contentType ? { contentType: row.contentType, body: Buffer.from(row.body, 'base64') } : null;
  }
  let pending = inFlight.get(host);
  if (!pending) {
    pending = refresh(deps, host).finally(() => inFlight.delete(host));
    inFlight.set(host, pending);
  }
  return pending;
}

async function refresh(deps: FaviconDeps, host: string): Promise<Favicon | null> {
  const icon = await download(deps, `https://${host}/favicon.ico`).catch(() => null);
  const now = new Date();
  const values = {
    host,
    contentType: icon?.contentType ?? null,
    body: icon ? icon.body.toString('base64') : null,
    fetchedAt: now,
    expiresAt: new Date(now.getTime() + (icon ? deps.ttlMs : Math.min(deps.ttlMs, FAILURE_TTL_MS))),
  };
  await deps.db.insert(favicons).values(values).onConflictDoUpdate({ target: favicons.host, set: values });
  return icon;
}

async function download(deps: FaviconDeps, start: string): Promise<Favicon | null> {
  const maxBytes = deps.maxBytes ?? 64 * 1024;
  const signal = AbortSignal.timeout(deps.timeoutMs ?? 8000);
  let url = new URL(start);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await request(url, {
      dispatcher: deps.dispatcher,
      signal,
      headers: { accept: 'image/*', 'user-agent': 'Hound favicon fetcher' },
    });
    const location = response.headers.location;
    if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
      await response.body.dump();
      url = new URL(location, url);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
      continue;
    }
    const type = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    const length = Number(response.headers['content-length'] ?? 0);
    if (response.statusCode !== 200 || !IMAGE_TYPES.has(type) || length > maxBytes) {
      await response.body.dump();
      return null;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        response.body.destroy();
        return null;
      }
      chunks.push(chunk as Buffer);
    }
    if (size === 0) return null;
    return { contentType: type, body: Buffer.concat(chunks) };
  }
  return null;
}
