import { describe, expect, it } from 'vitest';
import { accountLines, appendLines } from './report-draft.ts';

describe('appendLines', () => {
  it('appends only the lines the text does not hold yet', () => {
    expect(appendLines('GitHub — https://github.com/a\n', ['GitHub — https://github.com/a', 'X — x.com'])).toEqual({
      text: 'GitHub — https://github.com/a\nX — x.com',
      added: 1,
      left: 0,
    });
    expect(appendLines('X — x.com', ['X — x.com'])).toEqual({ text: 'X — x.com', added: 0, left: 0 });
  });

  it('appends as many whole lines as fit in the field and counts the rest', () => {
    const lines = accountLines(
      Array.from({ length: 300 }, (_, i) => ({ siteName: `Site ${i}`, domain: `site${i}.example`, urls: [] })),
    );
    const result = appendLines('', lines, 5000);
    expect(result.text.length).toBeLessThanOrEqual(5000);
    expect(result.text.length).toBeGreaterThan(5000 - 30);
    expect(result.text.split('\n')).toEqual(lines.slice(0, result.added));
    expect(result.added + result.left).toBe(300);
    expect(result.left).toBeGreaterThan(0);
  });

  it('changes nothing when not one more line fits', () => {
    const full = 'x'.repeat(4995);
    expect(appendLines(full, ['GitHub — github.com'], 5000)).toEqual({ text: full, added: 0, left: 1 });
  });
});
