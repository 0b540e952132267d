import { describe, expect, it } from 'vitest';
import { entry } from '../../test/fixtures.ts';
import { exportFileName, toCsv, toExportJson } from './export.ts';

const entries = [
  entry('GitHub', { category: 'coding' }),
  entry('Reddit', { verdict: 'not_found', category: '' }),
  entry('Steam', { verdict: 'unknown', reason: 'timeout', category: 'gaming' }),
];
const at = new Date(2025, 5, 7, 12, 0, 0);

describe('export', () => {
  it('names files {brand}-{username}-{date}', () => {
    expect(exportFileName('Hound', 'alice', at, 'json')).toBe('hound-alice-2025-06-07.json');
    expect(exportFileName('Hound', 'al/ice..x', at, 'csv')).toBe('hound-al_ice..x-2025-06-07.csv');
    expect(exportFileName('Hound', '..', at, 'json')).toBe('hound-_-2025-06-07.json');
  });

  it('writes every result with verdict, reason, category and evidence, and a summary', () => {
    const doc = JSON.parse(
      toExportJson({ brand: 'Hound', username: 'alice', searchId: 's1', entries, exportedAt: at }),
    );
    expect(doc).toMatchObject({
      tool: 'Hound',
      username: 'alice',
      search_id: 's1',
      exported_at: at.toISOString(),
      summary: { checked: 3, found: 1, not_found: 1, unknown: 1, invalid: 0 },
    });
    expect(doc.results).toHaveLength(3);
    expect(doc.results[0]).toEqual({
      platform: 'GitHub',
      site_id: 'github.example',
      url: 'https://github.example/alice',
      found: true,
      status: 'Found',
      verdict: 'found',
      reason: null,
      category: 'coding',
      username: 'alice',
      evidence: { status: 200, rule: 'status_code', elapsed_ms: 120, agreed: ['sherlock'] },
    });
    expect(doc.results[1].category).toBe('forum');
    expect(doc.results[2].reason).toBe('timeout');
  });

  it('writes CSV with a header, quoting, and spreadsheet formulas defused', () => {
    const tricky = entry('=HYPERLINK("x")', { evidence: { rule: 'a,b "c"', elapsed_ms: 5, agreed: [] } });
    const lines = toCsv([entries[0]!, tricky]).trimEnd().split('\r\n');
    expect(lines[0]).toBe('platform,url,verdict,status,reason,category,http_status,rule,elapsed_ms');
    expect(lines[1]).toBe('GitHub,https://github.example/alice,found,Found,,coding,200,status_code,120');
    expect(lines[2]).toBe(`"'=HYPERLINK(""x"")",https://hyperlinkx.example/alice,found,Found,,social,,"a,b ""c""",5`);
  });
});
