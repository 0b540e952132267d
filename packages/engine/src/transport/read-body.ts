import { pipeline, type Readable, type Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import zlib from 'node:zlib';
import { decoderFor as knownCharset, sniffCharset } from './sniff-charset.ts';

export interface CappedBody {
  text: string;
  /** True when more body followed the cap (or, when scanning, the scan limit) and was not read. */
  truncated: boolean;
  /** When the body went past the cap and was scanned: the needles seen in the part after `text`. */
  seen?: string[];
}

/** Strings to look for in the part of a long body that is not kept, up to `limitBytes` of decoded body. */
export interface BodyScan {
  /** Read when the kept part is full, so needles added while the request was in flight count too. */
  needles: Iterable<string>;
  limitBytes: number;
}

/** zlib-wrapped deflate starts with a CMF/FLG pair divisible by 31; otherwise it is raw deflate. */
function looksLikeZlib(first: Buffer): boolean {
  const cmf = first[0] ?? 0;
  const flg = first[1] ?? 0;
  return first.length >= 2 && (cmf & 0x0f) === 8 && (cmf * 256 + flg) % 31 === 0;
}

function decompressorFor(encoding: string, first: Buffer): Transform | undefined {
  // Inflated output is pulled chunk by chunk, so a bomb never expands past the cap plus one chunk.
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return looksLikeZlib(first) ? zlib.createInflate() : zlib.createInflateRaw();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

function textDecoder(charset: string): TextDecoder {
  return new TextDecoder(knownCharset(charset) ? charset : 'utf-8');
}

/** Prepends an already-consumed first chunk to the rest of an iterator. */
async function* withFirst(first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield first;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Reads at most `cap` bytes of decoded (decompressed) body and stops: the remaining body is never read
 * and the request is aborted, so neither a 50 MB page nor a compression bomb can grow memory past the cap.
 * The text is decoded as a browser would (sniff-charset.ts): BOM, then `charset` when given, then the
 * Content-Type's charset, then a `<meta>` declaration in the first 1,024 bytes, else UTF-8.
 */
export async function readCappedBody(
  body: Readable,
  headers: Record<string, string>,
  cap: number,
  charset?: string,
  scan?: BodyScan,
): Promise<CappedBody> {
  const encoding = (headers['content-encoding'] ?? '').trim().toLowerCase();
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const firstResult = await iterator.next();
  if (firstResult.done) return { text: '', truncated: false };
  const first = firstResult.value;
  const decoder = encoding && encoding !== 'identity' ? decompressorFor(encoding, first) : undefined;

  let source: AsyncIterable<Buffer> = withFirst(first, iterator);
  if (decoder) {
    source = pipeline(
      source,
      decoder,
      () => {}, // errors surface through the iteration below
    );
  }

  // Read until one byte past the cap: that byte tells "truncated" apart from "exactly cap bytes long".
  // With a scan, the rest is read on up to the scan limit, chunk by chunk, looking for the needles in
  // each chunk plus the tail of the one before (so a needle across two chunks is seen); nothing of it is
  // kept, so memory stays at the cap plus one chunk.
  const chunks: Buffer[] = [];
  // Sniffed from the first bytes once they are in (decompressed): a `<meta>` may declare it.
  let decoding: string | undefined;
  const sniff = () => {
    decoding ??= sniffCharset(Buffer.concat(chunks), headers['content-type'], charset).charset;
    return decoding;
  };
  let size = 0;
  let scanned: ScanState | undefined;
  try {
    for await (const chunk of source) {
      if (scanned) {
        size += chunk.length;
        scanned.feed(chunk);
        if (size > (scan as BodyScan).limitBytes) break;
        continue;
      }
      chunks.push(chunk);
      size += chunk.length;
      if (size > cap) {
        if (!scan || scan.limitBytes <= cap) break;
        scanned = new ScanState(scan.needles, sniff());
        scanned.feed(Buffer.concat(chunks).subarray(cap));
        if (size > scan.limitBytes) break;
      }
    }
  } finally {
    decoder?.destroy();
    if (!body.readableEnded) body.destroy();
  }
  const kept = Buffer.concat(chunks).subarray(0, cap);
  const text = textDecoder(decoding ?? sniffCharset(kept, headers['content-type'], charset).charset).decode(kept);
  if (!scanned) return { text, truncated: size > cap };
  // The needles may also straddle the cap: scan the kept text's tail together with the first rest.
  return { text, truncated: size > (scan as BodyScan).limitBytes, seen: scanned.finish(text) };
}

/** Needle search over a stream of chunks, keeping only an overlap as long as the longest needle. */
class ScanState {
  private readonly needles: string[];
  private readonly overlap: number;
  private readonly decoder: TextDecoder;
  private readonly seen = new Set<string>();
  private tail = '';
  private head = '';

  constructor(needles: Iterable<string>, charset: string) {
    this.needles = [...new Set(needles)].filter((n) => n !== '');
    this.overlap = Math.max(0, ...this.needles.map((n) => n.length)) - 1;
    this.decoder = textDecoder(charset);
  }

  feed(chunk: Buffer): void {
    const text = this.decoder.decode(chunk, { stream: true });
    if (this.head.length < this.overlap) this.head += text.slice(0, this.overlap - this.head.length);
    const window = this.tail + text;
    for (const needle of this.needles) if (!this.seen.has(needle) && window.includes(needle)) this.seen.add(needle);
    this.tail = this.overlap > 0 ? window.slice(-this.overlap) : '';
  }

  /** The needles seen, counting those that straddle the end of the kept `text` and the scanned rest. */
  finish(text: string): string[] {
    const seam = text.slice(-this.overlap || text.length) + this.head;
    for (const needle of this.needles) if (!this.seen.has(needle) && seam.includes(needle)) this.seen.add(needle);
    return [...this.seen];
  }
}
