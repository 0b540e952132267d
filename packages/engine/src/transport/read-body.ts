import { pipeline, type Readable, type Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import zlib from 'node:zlib';

export interface CappedBody {
  text: string;
  /** True when more body followed the cap and was not read. */
  truncated: boolean;
}

/** zlib-wrapped deflate starts with a CMF/FLG pair divisible by 31; otherwise it is raw deflate. */
function looksLikeZlib(first: Buffer): boolean {
  const cmf = first[0] ?? 0;
  const flg = first[1] ?? 0;
  return first.length >= 2 && (cmf & 0x0f) === 8 && (cmf * 256 + flg) % 31 === 0;
}

function decoderFor(encoding: string, first: Buffer): Transform | undefined {
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

function charsetOf(contentType: string | undefined): string {
  const match = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

function textDecoder(charset: string): TextDecoder {
  try {
    return new TextDecoder(charset);
  } catch {
    return new TextDecoder('utf-8');
  }
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
 * The text is decoded with `charset` when given, else with the Content-Type's charset, else UTF-8.
 */
export async function readCappedBody(
  body: Readable,
  headers: Record<string, string>,
  cap: number,
  charset?: string,
): Promise<CappedBody> {
  const encoding = (headers['content-encoding'] ?? '').trim().toLowerCase();
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const firstResult = await iterator.next();
  if (firstResult.done) return { text: '', truncated: false };
  const first = firstResult.value;
  const decoder = encoding && encoding !== 'identity' ? decoderFor(encoding, first) : undefined;

  let source: AsyncIterable<Buffer> = withFirst(first, iterator);
  if (decoder) {
    source = pipeline(
      source,
      decoder,
      () => {}, // errors surface through the iteration below
    );
  }

  // Read until one byte past the cap: that byte tells "truncated" apart from "exactly cap bytes long".
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > cap) break;
    }
  } finally {
    decoder?.destroy();
    if (!body.readableEnded) body.destroy();
  }
  const truncated = size > cap;
  return {
    text: textDecoder(charset ?? charsetOf(headers['content-type'])).decode(Buffer.concat(chunks).subarray(0, cap)),
    truncated,
  };
}
