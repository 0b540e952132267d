import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { entry } from '../../test/fixtures.ts';
import { exportFileName, toCsv, toExportJson } from './export.ts';
import { toHtmlReport, toXlsx } from './report.ts';
import { crc32, zip } from './zip.ts';

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
    // What the filters show and every result never share a file name.
    expect(exportFileName('Hound', 'alice', at, 'xlsx', 'shown')).toBe('hound-alice-2025-06-07-shown.xlsx');
    expect(exportFileName('Hound', 'alice', at, 'xlsx', 'all')).toBe('hound-alice-2025-06-07.xlsx');
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
      category: 'professional',
      username: 'alice',
      evidence: { status: 200, rule: 'status_code', elapsed_ms: 120, agreed: ['sherlock'] },
    });
    expect(doc.results[1].category).toBe('forum');
    expect(doc.results[2].reason).toBe('timeout');
  });

  it('writes CSV with a header, quoting, and spreadsheet formulas defused', () => {
    const tricky = entry('=HYPERLINK("x")', { evidence: { rule: 'a,b "c"', elapsed_ms: 5, agreed: [] } });
    const lines = toCsv([entries[0]!, tricky])
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('platform,url,verdict,status,reason,category,http_status,rule,elapsed_ms');
    expect(lines[1]).toBe('GitHub,https://github.example/alice,found,Found,,professional,200,status_code,120');
    expect(lines[2]).toBe(`"'=HYPERLINK(""x"")",https://hyperlinkx.example/alice,found,Found,,social,,"a,b ""c""",5`);
  });
});

describe('reports (issue 15, capability 11)', () => {
  it('CSV starts with a byte-order mark so spreadsheets read non-ASCII names', () => {
    const csv = toCsv([entry('Ağ Günlüğü')]);
    expect(csv.startsWith('\uFEFFplatform,')).toBe(true);
    expect(csv).toContain('Ağ Günlüğü');
  });

  it('zip: stored entries with correct CRC-32', () => {
    expect(crc32(new TextEncoder().encode('hello'))).toBe(0x3610a686);
    const archive = zip([{ name: 'a.txt', data: new TextEncoder().encode('hello') }]);
    const view = new DataView(archive.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint32(14, true)).toBe(0x3610a686);
    expect(view.getUint32(archive.length - 22, true)).toBe(0x06054b50);
  });

  it('XLSX: a workbook whose sheet holds every row, numbers as numbers, text escaped', () => {
    const archive = toXlsx({
      brand: 'Hound',
      username: 'alice',
      searchId: 's1',
      entries: [...entries, entry('A & <B>', { verdict: 'found' })],
      exportedAt: at,
    });
    const files = readZip(archive);
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = files['xl/worksheets/sheet1.xml']!;
    expect(sheet.match(/<row /g)).toHaveLength(5);
    expect(sheet).toContain('<t xml:space="preserve">A &amp; &lt;B&gt;</t>');
    expect(sheet).toContain('<c r="I2"><v>120</v></c>');
    const doc = new DOMParser().parseFromString(sheet, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  });

  it('HTML report: self-contained, escaped, verdicts in order, links only for http(s)', () => {
    const html = toHtmlReport({
      brand: 'Hound',
      username: 'alice',
      searchId: 's1',
      entries: [
        entry('Zeta', { verdict: 'not_found' }),
        entry('<script>x</script>', { url: 'javascript:alert(1)' }),
        entry('Alpha'),
      ],
      exportedAt: at,
      link: 'https://hound.example/search/s1',
      scope: 'All 3 results of the search.',
      locale: 'en-GB',
      m: en,
    });
    expect(html).not.toMatch(/<script|src=|<link /);
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('Username search report: “alice”');
    expect(html).toContain('<a href="https://hound.example/search/s1">');
    const order = [...html.matchAll(/<tr class="(\w+)">\n<td>([^<]*)/g)].map((m) => m[2]);
    expect(order).toEqual(['&lt;script&gt;x&lt;/script&gt;', 'Alpha', 'Zeta']);
  });
});

/** Reads a stored (uncompressed) ZIP into name → text. */
function readZip(archive: Uint8Array): Record<string, string> {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const out: Record<string, string> = {};
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const name = new TextDecoder().decode(archive.subarray(at + 30, at + 30 + nameLength));
    const data = archive.subarray(at + 30 + nameLength, at + 30 + nameLength + size);
    expect(crc32(data)).toBe(view.getUint32(at + 14, true));
    out[name] = new TextDecoder().decode(data);
    at += 30 + nameLength + size;
  }
  return out;
}
