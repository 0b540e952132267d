import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CatalogueError } from '../catalogue/errors.ts';
import { EMAIL_VARIABLES, type EmailCatalogue, EmailCatalogueSchema, type EmailCheck } from './catalogue-format.ts';

/** The catalogue that ships with Hound. */
export const BUNDLED_EMAIL_CATALOGUE = fileURLToPath(new URL('../../catalogues/email.json', import.meta.url));

const PLACEHOLDER = /\{([a-z0-9_]+)\}/g;

/** Every template string of a check, with where it is. */
function templates(check: EmailCheck): Array<[where: string, text: string]> {
  const out: Array<[string, string]> = [];
  if (check.prefetch) {
    out.push(['prefetch.url', check.prefetch.url]);
    for (const [k, v] of Object.entries(check.prefetch.headers)) out.push([`prefetch.headers.${k}`, v]);
  }
  check.requests.forEach((r, i) => {
    out.push([`requests.${i}.url`, r.url]);
    for (const [k, v] of Object.entries(r.headers)) out.push([`requests.${i}.headers.${k}`, v]);
    if (r.body && 'form' in r.body)
      for (const [k, v] of Object.entries(r.body.form)) out.push([`requests.${i}.form.${k}`, v]);
    if (r.body && 'json' in r.body) out.push([`requests.${i}.json`, JSON.stringify(r.body.json)]);
    if (r.body && 'raw' in r.body) out.push([`requests.${i}.raw`, r.body.raw]);
  });
  if (check.profileUrl) out.push(['profileUrl', check.profileUrl]);
  return out;
}

/** Rules the schema cannot express: known placeholders only, none in a host, `{token}`/`{key}` backed. */
function checkTemplates(check: EmailCheck): string | null {
  for (const [where, text] of templates(check)) {
    for (const [, name] of text.matchAll(PLACEHOLDER)) {
      if (!(EMAIL_VARIABLES as readonly string[]).includes(name!)) return `${where} uses unknown placeholder {${name}}`;
      if (name === 'token' && !check.prefetch) return `${where} uses {token} without a prefetch step`;
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

/** Loads catalogue files; later files replace checks of the same id (so a file can extend or patch). */
export async function loadEmailCatalogues(files: readonly string[]): Promise<EmailCheck[]> {
  const byId = new Map<string, EmailCheck>();
  for (const file of files) {
    let data: unknown;
    try {
      data = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new CatalogueError('invalid_catalogue', `${file}: ${(error as Error).message}`);
    }
    for (const check of parseEmailCatalogue(data, file)) byId.set(check.id, check);
  }
  return [...byId.values()];
}
