import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import net from 'node:net';
import {
  bitString,
  boolean,
  explicit,
  implicit,
  objectId,
  octetString,
  sequence,
  set,
  smallInteger,
  time,
  unsignedInteger,
  utf8String,
} from './der.ts';

const ECDSA_WITH_SHA256 = sequence(objectId('1.2.840.10045.4.3.2'));
const DAY_MS = 86_400_000;

/** A key pair in the forms the encoders and node:tls need. */
export interface KeyPair {
  privateKey: KeyObject;
  privateKeyPem: string;
  spki: Buffer;
}

/** P-256 keys: generated in well under a millisecond, unlike RSA. */
export function generateKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privateKey,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    spki: publicKey.export({ type: 'spki', format: 'der' }),
  };
}

function name(commonName: string): Buffer {
  const rdn = (oid: string, value: string) => set(sequence(objectId(oid), utf8String(value)));
  return sequence(rdn('2.5.4.10', 'Hound testkit'), rdn('2.5.4.3', commonName));
}

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return critical
    ? sequence(objectId(oid), boolean(true), octetString(value))
    : sequence(objectId(oid), octetString(value));
}

/** SHA-1 of the subjectPublicKey bits, the usual key identifier (RFC 5280 §4.2.1.2 method 1). */
function keyIdentifier(spki: Buffer): Buffer {
  // The EC public key is the trailing 65 bytes (uncompressed point) of a P-256 SPKI.
  return createHash('sha1')
    .update(spki.subarray(spki.length - 65))
    .digest();
}

function serialNumber(): Buffer {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x01; // positive and never zero-length after trimming
  return unsignedInteger(bytes);
}

function toPem(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

interface CertificateFields {
  subject: string;
  issuer: string;
  subjectSpki: Buffer;
  signingKey: KeyObject;
  extensions: Buffer[];
}

function buildCertificate(fields: CertificateFields): string {
  const now = Date.now();
  const tbs = sequence(
    explicit(0, smallInteger(2)), // v3
    serialNumber(),
    ECDSA_WITH_SHA256,
    name(fields.issuer),
    sequence(time(new Date(now - DAY_MS)), time(new Date(now + 365 * DAY_MS))),
    name(fields.subject),
    fields.subjectSpki,
    explicit(3, sequence(...fields.extensions)),
  );
  const signature = sign('sha256', tbs, fields.signingKey); // DER-encoded ECDSA signature
  return toPem(sequence(tbs, ECDSA_WITH_SHA256, bitString(signature)));
}

/** A certificate authority: a self-signed CA certificate plus its key. */
export interface Authority {
  name: string;
  key: KeyPair;
  certPem: string;
  keyId: Buffer;
}

export function createAuthority(commonName: string): Authority {
  const key = generateKeyPair();
  const keyId = keyIdentifier(key.spki);
  const certPem = buildCertificate({
    subject: commonName,
    issuer: commonName,
    subjectSpki: key.spki,
    signingKey: key.privateKey,
    extensions: [
      extension('2.5.29.19', true, sequence(boolean(true))), // basicConstraints: CA
      extension('2.5.29.15', true, bitString(Buffer.from([0x86]), 1)), // keyUsage: digitalSignature, keyCertSign, cRLSign
      extension('2.5.29.14', false, octetString(keyId)), // subjectKeyIdentifier
    ],
  });
  return { name: commonName, key, certPem, keyId };
}

/** A leaf certificate for one host name (DNS name or IP literal), signed by `authority`. */
export function issueLeaf(authority: Authority, leafKey: KeyPair, hostname: string): string {
  const altName = net.isIP(hostname)
    ? implicit(7, net.isIPv4(hostname) ? Buffer.from(hostname.split('.').map(Number)) : ipv6Bytes(hostname))
    : implicit(2, Buffer.from(hostname, 'ascii'));
  return buildCertificate({
    subject: hostname.slice(0, 64), // CN is limited to 64 characters; the SAN carries the full name
    issuer: authority.name,
    subjectSpki: leafKey.spki,
    signingKey: authority.key.privateKey,
    extensions: [
      extension('2.5.29.19', true, sequence()), // basicConstraints: not a CA
      extension('2.5.29.15', true, bitString(Buffer.from([0x80]), 7)), // keyUsage: digitalSignature
      extension('2.5.29.37', false, sequence(objectId('1.3.6.1.5.5.7.3.1'))), // extKeyUsage: serverAuth
      extension('2.5.29.17', false, sequence(altName)), // subjectAltName
      extension('2.5.29.35', false, sequence(implicit(0, authority.keyId))), // authorityKeyIdentifier
    ],
  });
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const h = groups(head);
  const t = groups(tail);
  const all = address.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return Buffer.from(all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]));
}
