import { TextDecoder } from 'node:util';

/**
 * How a browser picks a page's encoding (WHATWG Encoding and HTML "prescan"), simplified: a byte-order
 * mark wins, then the catalogue's explicit charset (Maigret `encoding`), then the Content-Type charset,
 * then a `<meta charset>` or `<meta http-equiv="Content-Type" content="…; charset=…">` within the first
 * 1,024 bytes, else UTF-8 (docs/decisions/128-structure-aware-rules-and-browser-decoding.md). An unknown
 * label is skipped, as a browser skips it.
 */

/** Where the charset came from, for tests and evidence. */
export type CharsetSource = 'bom' | 'override' | 'header' | 'meta' | 'default';

export interface SniffedCharset {
  /** A label TextDecoder accepts (`utf-8`, `windows-1251`, …). */
  charset: string;
  source: CharsetSource;
}

/** Bytes of the body the `<meta>` prescan reads, as browsers do. */
export const META_PRESCAN_BYTES = 1024;

const decoders = new Map<string, TextDecoder | null>();

/** A (cached) decoder for `label`, or undefined when TextDecoder does not know it. */
export function decoderFor(label: string): TextDecoder | undefined {
  const key = label.trim().toLowerCase();
  let decoder = decoders.get(key);
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(key);
    } catch {
      decoder = null;
    }
    decoders.set(key, decoder);
  }
  return decoder ?? undefined;
}

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/** The charset parameter of a Content-Type value, if any. */
export function headerCharset(contentType: string | undefined): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
}

/** `<meta charset=…>` or an http-equiv's `content="…charset=…"` in the first META_PRESCAN_BYTES. */
export function metaCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, META_PRESCAN_BYTES)).toString(
    'latin1',
  );
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const label = /charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(tag)?.[1]?.toLowerCase();
    if (!label) continue;
    // A page cannot declare UTF-16 in ASCII bytes: browsers read that declaration as UTF-8.
    return label.startsWith('utf-16') ? 'utf-8' : label;
  }
  return undefined;
}

/** The encoding a browser would decode `bytes` with. */
export function sniffCharset(bytes: Uint8Array, contentType?: string, override?: string): SniffedCharset {
  const bom = bomCharset(bytes);
  if (bom) return { charset: bom, source: 'bom' };
  if (override && decoderFor(override)) return { charset: override.toLowerCase(), source: 'override' };
  const declared = headerCharset(contentType);
  if (declared && decoderFor(declared)) return { charset: declared, source: 'header' };
  const meta = metaCharset(bytes);
  if (meta && decoderFor(meta)) return { charset: meta, source: 'meta' };
  return { charset: 'utf-8', source: 'default' };
}

/** `bytes` decoded as a browser would (BOM removed). */
export function decodeBody(bytes: Uint8Array, contentType?: string, override?: string): string {
  const { charset } = sniffCharset(bytes, contentType, override);
  return (decoderFor(charset) as TextDecoder).decode(bytes);
}
