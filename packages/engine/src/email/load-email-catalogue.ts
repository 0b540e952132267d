import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CatalogueError } from '../catalogue/errors.ts';
import { cacheKey, readCache, writeCache } from '../sources/cache.ts';
import type { FetchText } from '../sources/fetch-text.ts';
import type { RequestParts } from './build-request.ts';
import { EMAIL_VARIABLES, type EmailCatalogue, EmailCatalogueSchema, type EmailCheck } from './catalogue-format.ts';

/** The catalogue that ships with Hound. */
export const BUNDLED_EMAIL_CATALOGUE = fileURLToPath(new URL('../../catalogues/email.json', import.meta.url));

const PLACEHOLDER = /\{([a-z0-9_]+)\}/g;

/** Every template string of a check, with where it is. */
function templates(check: EmailCheck): Array<[where: string, text: string]> {
  const out: Array<[string, string]> = [];
  const request = (at: string, r: RequestParts) => {
    out.push([`${at}.url`, r.url]);
    for (const [k, v] of Object.entries(r.headers)) out.push([`${at}.headers.${k}`, v]);
    if (r.body && 'form' in r.body) for (const [k, v] of Object.entries(r.body.form)) out.push([`${at}.form.${k}`, v]);
    if (r.body && 'json' in r.body) out.push([`${at}.json`, JSON.stringify(r.body.json)]);
    if (r.body && 'raw' in r.body) out.push([`${at}.raw`, r.body.raw]);
  };
  if (check.prefetch) request('prefetch', check.prefetch);
  check.requests.forEach((r, i) => {
    request(`requests.${i}`, r);
  });
  if (check.profileUrl) out.push(['profileUrl', check.profileUrl]);
  return out;
}

/** Rules the schema cannot express: known placeholders only, none in a host, `{token}`/`{token2}`/`{key}` backed. */
function checkTemplates(check: EmailCheck): string | null {
  for (const [where, text] of templates(check)) {
    for (const [, name] of text.matchAll(PLACEHOLDER)) {
      if (!(EMAIL_VARIABLES as readonly string[]).includes(name!)) return `${where} uses unknown placeholder {${name}}`;
      // The prefetch is what yields the tokens: it cannot send them.
      if ((name === 'token' || name === 'token2') && where.startsWith('prefetch.'))
        return `${where} uses {${name}}, which the prefetch itself yields`;
      if (name === 'token' && !check.prefetch) return `${where} uses {token} without a prefetch step`;
      if (name === 'token2' && !check.prefetch?.token2) return `${where} uses {token2} without a prefetch token2`;
      if (name === 'key' && !check.needs) return `${where} uses {key} without \`needs\``;
    }
    if (where.endsWith('url') || where === 'profileUrl') {
      // The address must never choose where a request goes: no placeholder before the path.
      const origin = /^https?:\/\/[^/?#]*/i.exec(text)?.[0] ?? '';
      if (origin.includes('{')) return `${where} has a placeholder in its host`;
    }
  }
  return null;
}

/** Validates a parsed catalogue; `source` names it in errors. */
export function parseEmailCatalogue(data: unknown, source: string): EmailCheck[] {
  const parsed = EmailCatalogueSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CatalogueError('invalid_catalogue', `${source}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const catalogue: EmailCatalogue = parsed.data;
  const ids = new Set<string>();
  for (const check of catalogue.checks) {
    if (ids.has(check.id)) throw new CatalogueError('invalid_catalogue', `${source}: duplicate check id "${check.id}"`);
    ids.add(check.id);
    const problem = checkTemplates(check);
    if (problem) throw new CatalogueError('invalid_catalogue', `${source}: check "${check.id}": ${problem}`);
  }
  return catalogue.checks;
}

export interface EmailCatalogueLoadOptions {
  /** Downloads a URL (the engine's, through its proxy and CA). */
  fetchText?: FetchText;
  /** Where downloaded catalogues are kept, so a failed download falls back to the last good copy. */
  cacheDir?: string;
  onWarning?: (message: string) => void;
  signal?: AbortSignal;
}

function parseText(text: string, source: string): EmailCheck[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CatalogueError('invalid_catalogue', `${source}: ${(error as Error).message}`);
  }
  return parseEmailCatalogue(data, source);
}

/**
 * A catalogue at a URL: downloaded, validated, then cached; when the download or its content fails, the last
 * good cached copy is used with a warning (a bad download never replaces a good copy).
 */
async function loadUrl(url: string, options: EmailCatalogueLoadOptions): Promise<EmailCheck[]> {
  const key = cacheKey('email-catalogue', url);
  try {
    if (!options.fetchText) throw new Error('no downloader');
    const text = await options.fetchText(url, options.signal ? { signal: options.signal } : {});
    const checks = parseText(text, url);
    if (options.cacheDir) await writeCache(options.cacheDir, key, text, url, new Date());
    return checks;
  } catch (error) {
    const cached = options.cacheDir ? await readCache(options.cacheDir, key) : undefined;
    if (!cached)
      throw new CatalogueError('catalogue_unavailable', `${url}: ${(error as Error).message}, and no cached copy`);
    options.onWarning?.(`${url}: ${(error as Error).message}; using the copy from ${cached.meta.fetchedAt}`);
    return parseText(cached.text, url);
  }
}

/**
 * Loads catalogue files and URLs; a later catalogue's check replaces an earlier one with the same id (so one
 * can extend or patch another).
 */
export async function loadEmailCatalogues(
  sources: readonly string[],
  options: EmailCatalogueLoadOptions = {},
): Promise<EmailCheck[]> {
  const byId = new Map<string, EmailCheck>();
  for (const source of sources) {
    let checks: EmailCheck[];
    if (/^https?:\/\//i.test(source)) checks = await loadUrl(source, options);
    else {
      let text: string;
      try {
        text = await readFile(source, 'utf8');
      } catch (error) {
        throw new CatalogueError('catalogue_file_unreadable', `${source}: ${(error as Error).message}`);
      }
      checks = parseText(text, source);
    }
    for (const check of checks) byId.set(check.id, check);
  }
  return [...byId.values()];
}
