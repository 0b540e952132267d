/**
 * A fake site's icon: a 32×32 PNG in a colour of its own (from the host's name), so pages that show site
 * logos through the server's favicon proxy have a real image to fetch from the simulated internet.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const SIZE = 32;

/** A rounded square in the host's colour with a white bar: distinct per site, recognisably an icon. */
export function siteIconPng(host: string): Buffer {
  const [r, g, b] = createHash('sha256').update(host).digest();
  const raw = Buffer.alloc(SIZE * (1 + SIZE * 4));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (1 + SIZE * 4);
    raw[row] = 0; // filter: none
    for (let x = 0; x < SIZE; x++) {
      const at = row + 1 + x * 4;
      const corner = Math.min(x, SIZE - 1 - x) + Math.min(y, SIZE - 1 - y) < 3;
      const bar = y >= 13 && y <= 18 && x >= 8 && x <= 23;
      raw[at] = bar ? 255 : (r! >> 1) + 64;
      raw[at + 1] = bar ? 255 : (g! >> 1) + 64;
      raw[at + 2] = bar ? 255 : (b! >> 1) + 64;
      raw[at + 3] = corner ? 0 : 255;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
