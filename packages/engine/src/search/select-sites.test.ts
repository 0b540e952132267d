import { describe, expect, it } from 'vitest';
import type { Site, SiteCheck, SiteHealth } from '../model.ts';
import { siteCheck } from '../test-support/site-check.ts';
import { selectSites } from './select-sites.ts';

function check(format: SiteCheck['format'], name: string, extra: Partial<SiteCheck> = {}): SiteCheck {
  return siteCheck({
    format,
    name,
    profileUrl: `https://${name}.test/{username}`,
    rule: {},
    category: 'social',
    ...extra,
  });
}

function site(id: string, checks: SiteCheck[], extra: Partial<Site> = {}): Site {
  return { id, name: id, host: id, category: 'social', tags: [], nsfw: false, checks, ...extra };
}

const sites = [
  site('plain.test', [check('sherlock', 'Plain')]),
  site('adult.test', [check('sherlock', 'Adult', { nsfw: true })], { nsfw: true }),
  site('coding.test', [check('maigret', 'Coder')], { category: 'coding', tags: ['dev'] }),
  site('merged.test', [check('sherlock', 'MergedS'), check('maigret', 'MergedM')]),
  site('off.test', [check('maigret', 'Off', { disabled: true })]),
  site('excluded.test', [check('sherlock', 'Excl', { excluded: { reason: 'listed' } })]),
  site('unsupported.test', [check('maigret', 'Dns', { unsupported: { reason: 'unsupported_check', detail: 'dns' } })]),
];
const none = new Map<string, SiteHealth>();
const ids = (selected: ReturnType<typeof selectSites>) => selected.map((s) => s.site.id);

describe('selectSites', () => {
  it('searches usable, safe-for-work sites by default', () => {
    expect(ids(selectSites(sites, {}, none))).toEqual(['plain.test', 'coding.test', 'merged.test']);
    expect(ids(selectSites(sites, { nsfw: true }, none))).toContain('adult.test');
  });

  it('filters by category or tag and by catalogue format', () => {
    expect(ids(selectSites(sites, { categories: ['DEV'] }, none))).toEqual(['coding.test']);
    const maigretOnly = selectSites(sites, { formats: ['maigret'] }, none);
    expect(ids(maigretOnly)).toEqual(['coding.test', 'merged.test']);
    expect(maigretOnly[1]?.checks.map((c) => c.name)).toEqual(['MergedM']);
  });

  it('searches named sites whatever their state, and rejects unknown names', () => {
    const named = selectSites(sites, { sites: ['ADULT.test', 'Off', 'excl', 'mergedm'] }, none);
    expect(ids(named)).toEqual(['adult.test', 'off.test', 'excluded.test', 'merged.test']);
    expect(() => selectSites(sites, { sites: ['nope'] }, none)).toThrow(/No site is named "nope"/);
  });

  it('leaves out unreliable sites and broken checks unless asked', () => {
    const health = new Map<string, SiteHealth>([
      ['plain.test', { siteId: 'plain.test', reliable: false, checkedAt: '2026-01-01T00:00:00Z' }],
      [
        'merged.test',
        {
          siteId: 'merged.test',
          reliable: true,
          checkedAt: '2026-01-01T00:00:00Z',
          checks: [
            { format: 'sherlock', name: 'MergedS', reliable: false, reason: 'soft-404' },
            { format: 'maigret', name: 'MergedM', reliable: true },
          ],
        },
      ],
    ]);
    const selected = selectSites(sites, {}, health);
    expect(ids(selected)).toEqual(['coding.test', 'merged.test']);
    expect(selected[1]?.checks.map((c) => c.name)).toEqual(['MergedM']);
    expect(ids(selectSites(sites, { includeUnreliable: true }, health))).toContain('plain.test');
    expect(ids(selectSites(sites, { sites: ['plain.test'] }, health))).toEqual(['plain.test']);
  });
});
