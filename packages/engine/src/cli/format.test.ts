import { describe, expect, it } from 'vitest';
import { counted, palette, printable } from './color.ts';
import { csvCell, csvRow } from './csv.ts';

describe('CSV cells', () => {
  it('neutralises formulas and quotes what needs quoting', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('+cmd')).toBe(`"'+cmd"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(404)).toBe('404');
    expect(csvCell(undefined)).toBe('');
    expect(csvRow(['a', '=b'])).toBe(`a,"'=b"\r\n`);
  });
});

describe('terminal output', () => {
  it('colours only on a terminal without --no-color or NO_COLOR', () => {
    expect(palette(true, false, {}).green('x')).toBe('\u001b[32mx\u001b[39m');
    expect(palette(true, true, {}).green('x')).toBe('x');
    expect(palette(true, false, { NO_COLOR: '1' }).green('x')).toBe('x');
    expect(palette(false, false, {}).green('x')).toBe('x');
  });

  it('strips control characters from catalogue and site text', () => {
    expect(printable('evil\u001b[2Jname\r\n')).toBe('evil [2Jname  ');
  });
});

describe('counts in CLI lines', () => {
  it('says "1 site" and "0 sites", "2 sites"', () => {
    expect(counted(1, 'site')).toBe('1 site');
    expect(counted(0, 'site')).toBe('0 sites');
    expect(counted(2, 'site')).toBe('2 sites');
  });
});
