/**
 * The few DER (ASN.1) encoders needed to build X.509 certificates. Hand-written because the
 * certificate libraries either need global polyfills or generate keys slowly; see decision 010.
 */

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One TLV: tag byte, DER length, content. */
export function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), encodeLength(content.length), content]);
}

export const sequence = (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items));
export const set = (...items: Buffer[]): Buffer => tlv(0x31, Buffer.concat(items));
export const octetString = (content: Buffer): Buffer => tlv(0x04, content);
export const utf8String = (text: string): Buffer => tlv(0x0c, Buffer.from(text, 'utf8'));
export const boolean = (value: boolean): Buffer => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
/** Context-specific constructed tag `[n]` (EXPLICIT). */
export const explicit = (n: number, content: Buffer): Buffer => tlv(0xa0 | n, content);
/** Context-specific primitive tag `[n]` (IMPLICIT, for primitive types). */
export const implicit = (n: number, content: Buffer): Buffer => tlv(0x80 | n, content);

/** A BIT STRING with `unusedBits` padding bits in the last byte. */
export function bitString(content: Buffer, unusedBits = 0): Buffer {
  return tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), content]));
}

/** A non-negative INTEGER from big-endian bytes. */
export function unsignedInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  const needsPad = (trimmed[0] ?? 0) & 0x80;
  return tlv(0x02, needsPad ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

export function smallInteger(value: number): Buffer {
  return unsignedInteger(Buffer.from([value]));
}

export function objectId(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const bytes: number[] = [40 * (parts[0] ?? 0) + (parts[1] ?? 0)];
  for (const part of parts.slice(2)) {
    const chunk: number[] = [part & 0x7f];
    for (let n = part >>> 7; n > 0; n >>>= 7) chunk.unshift(0x80 | (n & 0x7f));
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime before 2050, GeneralizedTime after, as RFC 5280 requires. */
export function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}
