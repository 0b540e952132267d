import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCappedBody } from './read-body.ts';
import { decodeBody, sniffCharset } from './sniff-charset.ts';

// docs/decisions/128: decode as browsers do (issue 37 item 4).

/** "Пользователь не найден" ("user not found") in windows-1251. */
const CYRILLIC = 'Пользователь не найден';
const cp1251 = (text: string) =>
  Buffer.from(
    [...text].map((c) => {
      const code = c.charCodeAt(0);
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      throw new Error(`no windows-1251 byte for ${c}`);
    }),
  );

describe('sniffCharset', () => {
  it('reads <meta charset> when the header says nothing', () => {
    const page = Buffer.concat([cp1251('<html><head><meta charset="windows-1251"><title>x</title>'), cp1251(CYRILLIC)]);
    expect(sniffCharset(page, 'text/html')).toEqual({ charset: 'windows-1251', source: 'meta' });
    expect(decodeBody(page, 'text/html')).toContain(CYRILLIC);
  });

  it('reads an http-equiv Content-Type declaration, attributes in either order', () => {
    const page = cp1251(`<meta content="text/html; charset=windows-1251" http-equiv="Content-Type"><p>${CYRILLIC}</p>`);
    expect(sniffCharset(page).source).toBe('meta');
    expect(decodeBody(page)).toContain(CYRILLIC);
  });

  it('the header charset wins over <meta>; a BOM wins over both', () => {
    const page = Buffer.from(`<meta charset="windows-1251"><p>é</p>`, 'utf8');
    expect(sniffCharset(page, 'text/html; charset=UTF-8')).toEqual({ charset: 'utf-8', source: 'header' });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), page]);
    expect(sniffCharset(bom, 'text/html; charset=windows-1251')).toEqual({ charset: 'utf-8', source: 'bom' });
    expect(decodeBody(bom, 'text/html; charset=windows-1251')).toBe('<meta charset="windows-1251"><p>é</p>');
  });

  it('a <meta> past the first 1,024 bytes is not read; an unknown label is skipped; the default is UTF-8', () => {
    const late = Buffer.concat([Buffer.from(`<!-- ${'x'.repeat(1100)} -->`), cp1251('<meta charset="windows-1251">')]);
    expect(sniffCharset(late)).toEqual({ charset: 'utf-8', source: 'default' });
    expect(sniffCharset(Buffer.from('<p>x</p>'), 'text/html; charset=no-such-charset')).toEqual({
      charset: 'utf-8',
      source: 'default',
    });
    expect(sniffCharset(Buffer.from('<meta charset="utf-16">')).charset).toBe('utf-8');
  });

  it('the catalogue override comes after a BOM and before the header', () => {
    const page = cp1251(CYRILLIC);
    expect(sniffCharset(page, 'text/html; charset=utf-8', 'windows-1251').source).toBe('override');
  });
});

describe('readCappedBody decodes as a browser does', () => {
  it('a windows-1251 page declared only in <meta> keeps its own words', async () => {
    const page = Buffer.concat([
      cp1251('<html><head><meta charset="windows-1251"></head><body><h1>'),
      cp1251(CYRILLIC),
      cp1251('</h1></body></html>'),
    ]);
    const read = await readCappedBody(
      Readable.from([page.subarray(0, 20), page.subarray(20)]),
      { 'content-type': 'text/html' },
      64 * 1024,
    );
    expect(read.text).toContain(CYRILLIC);
  });
});
