import { describe, expect, it } from 'vitest';
import { plantedTree } from '../../test/graph-trees.ts';
import { readTreeFile, readTreeText } from './search-tree.ts';

describe('reading a hound-tree/1 file', () => {
  it('accepts an export and refuses anything else with a reason', async () => {
    const tree = plantedTree();
    expect(readTreeText(JSON.stringify(tree))).toEqual({ ok: true, tree });
    expect(readTreeText('{nope')).toEqual({ ok: false, error: 'not_json' });
    const wrong = readTreeText(JSON.stringify({ ...tree, format: 'hound-tree/9' }));
    expect(wrong).toMatchObject({ ok: false, error: 'invalid' });
    expect((wrong as { detail: string }).detail).toMatch(/^format: /);
    const badFact = structuredClone(tree);
    (badFact.profiles[0]!.facts[0] as { kind: string }).kind = 'shoe_size';
    expect(readTreeText(JSON.stringify(badFact))).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^profiles\.0\.facts\.0\.kind/),
    });
    expect(readTreeText(JSON.stringify({ ...tree, searches: [], profiles: [] }))).toEqual({
      ok: false,
      error: 'empty',
    });
    expect(await readTreeFile(new Blob([JSON.stringify(tree)]))).toEqual({ ok: true, tree });
  });
});
