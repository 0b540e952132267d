import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readCappedBody } from './read-body.ts';

/** A body streamed in chunks of `size` bytes. */
function stream(text: string | Buffer, size = 16 * 1024): Readable {
  const buffer = Buffer.from(text);
  const parts: Buffer[] = [];
  for (let at = 0; at < buffer.length; at += size) parts.push(buffer.subarray(at, at + size));
  return Readable.from(parts);
}

const filler = (n: number) => 'x'.repeat(n);

describe('readCappedBody with a scan past the cap (decision 084)', () => {
  it('keeps the cap, searches the rest for the needles and says what it saw', async () => {
    const body = `${filler(100_000)}<h1>alice</h1>${filler(400_000)}<div class="user-header">${filler(10)}`;
    const read = await readCappedBody(stream(body), {}, 64 * 1024, undefined, {
      needles: ['alice', 'user-header', 'No such user'],
      limitBytes: 1024 * 1024,
    });
    expect(read.text.length).toBe(64 * 1024);
    expect(read.truncated).toBe(false);
    expect(read.seen?.sort()).toEqual(['alice', 'user-header']);
  });
  it('finds a needle split across two chunks and one split at the cap', async () => {
    const cap = 1000;
    const atCap = `${filler(cap - 4)}No such user${filler(5000)}`;
    expect(
      (await readCappedBody(stream(atCap, 100), {}, cap, undefined, { needles: ['No such user'], limitBytes: 10_000 }))
        .seen,
    ).toEqual(['No such user']);
    const acrossChunks = `${filler(cap + 95)}No such user${filler(5000)}`;
    expect(
      (
        await readCappedBody(stream(acrossChunks, 100), {}, cap, undefined, {
          needles: ['No such user'],
          limitBytes: 10_000,
        })
      ).seen,
    ).toEqual(['No such user']);
  });
  it('past the scan limit the body is truncated (too_large), and gzip is scanned decoded', async () => {
    const long = await readCappedBody(stream(filler(300_000)), {}, 1000, undefined, {
      needles: ['a'],
      limitBytes: 100_000,
    });
    expect(long.truncated).toBe(true);
    const zipped = gzipSync(`${filler(200_000)}<b>found-me</b>`);
    const read = await readCappedBody(stream(zipped), { 'content-encoding': 'gzip' }, 1000, undefined, {
      needles: ['found-me'],
      limitBytes: 1_000_000,
    });
    expect(read).toMatchObject({ truncated: false, seen: ['found-me'] });
  });
  it('without a scan, a body over the cap is cut as before', async () => {
    const read = await readCappedBody(stream(filler(5000)), {}, 1000);
    expect(read).toEqual({ text: filler(1000), truncated: true });
  });
});
