import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAuthority, generateKeyPair, issueLeaf } from './certificates.ts';

describe('certificates', () => {
  const authority = createAuthority('Test CA');
  const ca = new X509Certificate(authority.certPem);
  const key = generateKeyPair();

  it('the CA is a self-signed CA certificate', () => {
    expect(ca.ca).toBe(true);
    expect(ca.verify(ca.publicKey)).toBe(true);
  });

  it('leaves are signed by the CA and name the host (DNS or IP)', () => {
    const leaf = new X509Certificate(issueLeaf(authority, key, 'github.com'));
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.checkHost('github.com')).toBe('github.com');
    expect(leaf.checkHost('gitlab.com')).toBeUndefined();
    expect(leaf.ca).toBe(false);
    const ip = new X509Certificate(issueLeaf(authority, key, '127.0.0.1'));
    expect(ip.checkIP('127.0.0.1')).toBe('127.0.0.1');
  });

  it('a certificate from another authority does not verify', () => {
    const rogue = createAuthority('Rogue');
    const leaf = new X509Certificate(issueLeaf(rogue, key, 'github.com'));
    expect(leaf.verify(ca.publicKey)).toBe(false);
  });
});
