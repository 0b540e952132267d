import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CatalogueFormat, SiteCheck } from '../model.ts';
import { prepareRequest } from '../rules/prepare-request.ts';
import type { MaigretRule } from '../rules/types.ts';
import { buildSites } from './build-sites.ts';
import { catalogueStats } from './catalogue-stats.ts';
import { loadCatalogue } from './load-catalogue.ts';

// Extended test: the real upstream catalogues, read at test time and never copied into the repo.
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const upstream = resolve(repoRoot, '..', 'shared', 'upstream');
const files: Record<Exclude<CatalogueFormat, 'hound'>, string> = {
  sherlock: join(upstream, 'sherlock', 'data.json'),
  whatsmyname: join(upstream, 'whatsmyname', 'wmn-data.json'),
  maigret: join(upstream, 'maigret', 'data.json'),
};
const present = Object.values(files).every((f) => existsSync(f));
if (!present) console.warn(`SKIPPED upstream catalogue test: ${upstream} is missing`);

function rawCount(format: keyof typeof files, data: Record<string, unknown>): number {
  if (format === 'sherlock') return Object.keys(data).filter((k) => k !== '$schema').length;
  if (format === 'whatsmyname') return (data.sites as unknown[]).length;
  return Object.keys(data.sites as object).length;
}

describe.skipIf(!present)('real upstream catalogues', () => {
  const loaded = Object.entries(files).map(([format, file]) => {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return {
      format: format as keyof typeof files,
      raw: rawCount(format as keyof typeof files, data),
      checks: loadCatalogue(data, { source: file }),
    };
  });
  const all: SiteCheck[] = loaded.flatMap((l) => l.checks);

  it('loads every entry: usable, disabled or unsupported with a reason; none dropped', () => {
    for (const { format, raw, checks } of loaded) {
      expect(checks.length, format).toBe(raw);
      for (const check of checks) {
        expect(check.format).toBe(format);
        if (check.unsupported) {
          expect(check.unsupported.reason).toBe('unsupported_check');
          expect(check.unsupported.detail.length).toBeGreaterThan(5);
          expect(check.unsupported.detail).not.toMatch(/^malformed/);
        } else {
          expect((check.rule as { kind: string }).kind).toBe(format);
          expect(check.request.url).toMatch(/^https?:\/\//);
        }
      }
    }
    const stats = catalogueStats(all);
    console.log(`catalogue stats:\n${JSON.stringify(stats, null, 2)}`);
    expect(stats.find((s) => s.format === 'maigret')?.unsupportedByReason.map((r) => r.reason)).toEqual(
      expect.arrayContaining([
        'needs a browser TLS fingerprint (protection tls_fingerprint)',
        'identifier type is not a username',
      ]),
    );
  });

  it('places every usable check’s own claimed username, or says why not', () => {
    let placed = 0;
    const refused: string[] = [];
    for (const check of all) {
      if (check.unsupported || check.disabled) continue;
      for (const name of check.knownClaimed.slice(0, 1)) {
        const prepared = prepareRequest(check, name);
        if (prepared.ok) placed++;
        else refused.push(`${check.format}:${check.name} ${JSON.stringify(name)} → ${prepared.detail}`);
      }
    }
    console.log(`claimed usernames placed: ${placed}; refused: ${refused.length}\n${refused.join('\n')}`);
    expect(placed).toBeGreaterThan(3000);
    expect(refused.length).toBeLessThan(placed / 50);
  });

  it('honours the fields upstream drops and translates Python regexes', () => {
    const maigret = loaded.find((l) => l.format === 'maigret')!.checks;
    const mail = maigret.find((c) => c.name === 'My.Mail.ru@mail.ru');
    expect(mail).toBeDefined();
    expect((mail!.rule as MaigretRule).presenceStrs).toContain('profile__content_header_user');
    const sherlock = loaded.find((l) => l.format === 'sherlock')!.checks;
    const hacken = sherlock.find((c) => c.usernamePattern?.includes('{0,34}'));
    expect(hacken?.usernamePattern).toBe('^[\\p{L}\\p{N}_\\-]{0,34}$');
  });

  it('merges sites across catalogues', () => {
    const sites = buildSites(all);
    const multi = sites.filter((s) => new Set(s.checks.map((c) => c.format)).size > 1);
    const all3 = multi.filter((s) => new Set(s.checks.map((c) => c.format)).size === 3);
    console.log(`sites: ${sites.length}; in more than one catalogue: ${multi.length}; in all three: ${all3.length}`);
    expect(new Set(sites.map((s) => s.id)).size).toBe(sites.length);
    expect(sites.reduce((n, s) => n + s.checks.length, 0)).toBe(all.length);
    expect(multi.length).toBeGreaterThan(400);
    expect(
      sites
        .find((s) => s.id === 'github.com')
        ?.checks.map((c) => c.format)
        .sort(),
    ).toEqual(['maigret', 'sherlock', 'whatsmyname']);
  });
});
