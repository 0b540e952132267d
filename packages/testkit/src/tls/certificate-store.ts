import tls from 'node:tls';
import { type Authority, createAuthority, generateKeyPair, issueLeaf, type KeyPair } from './certificates.ts';

/** Live SecureContexts kept by default (~28 KB each); minted certificates (~0.7 KB) are kept for every host. */
const MAX_LIVE_CONTEXTS = 2048;

/**
 * Mints one certificate per SNI name and caches it. All leaves share one key pair (only the certificate
 * differs per host), so a new host costs one ECDSA signature (~0.1 ms) plus a SecureContext (~0.8 ms).
 * Contexts are the memory-heavy part, so only the most recently used ones stay alive (LRU).
 * A second, untrusted authority ("rogue") signs the certificates served for the `bad_tls` fault.
 */
export class CertificateStore {
  readonly authority: Authority;
  private readonly leafKey: KeyPair;
  private rogue: Authority | undefined;
  private readonly certificates = new Map<string, string>();
  private readonly contexts = new Map<string, tls.SecureContext>();
  private maxContexts = MAX_LIVE_CONTEXTS;

  constructor() {
    this.authority = createAuthority('Hound Testkit CA');
    this.leafKey = generateKeyPair();
  }

  get caPem(): string {
    return this.authority.certPem;
  }

  /** The context for `hostname`, signed by the testkit CA (or by the rogue CA when `untrusted`). */
  contextFor(hostname: string, untrusted = false): tls.SecureContext {
    const key = `${untrusted ? 'rogue' : 'ca'} ${hostname}`;
    let context = this.contexts.get(key);
    if (context) {
      this.contexts.delete(key); // re-insert: Map order is the LRU order
    } else {
      let cert = this.certificates.get(key);
      if (!cert) {
        cert = issueLeaf(untrusted ? this.rogueAuthority() : this.authority, this.leafKey, hostname);
        this.certificates.set(key, cert);
      }
      context = tls.createSecureContext({ key: this.leafKey.privateKeyPem, cert });
      if (this.contexts.size >= this.maxContexts) this.contexts.delete(this.contexts.keys().next().value as string);
    }
    this.contexts.set(key, context);
    return context;
  }

  /**
   * Mints the certificate and context of every name now and keeps every context alive, so that no
   * handshake pays for them later (benchmarks: a real site does not mint a certificate per visitor).
   */
  prewarm(hostnames: Iterable<string>): void {
    this.maxContexts = Number.POSITIVE_INFINITY;
    for (const hostname of hostnames) this.contextFor(hostname.toLowerCase());
  }

  /** Server options for the default context (clients that send no SNI). */
  defaultCredentials(): { key: string; cert: string } {
    return { key: this.leafKey.privateKeyPem, cert: issueLeaf(this.authority, this.leafKey, 'localhost') };
  }

  private rogueAuthority(): Authority {
    this.rogue ??= createAuthority('Untrusted Rogue CA');
    return this.rogue;
  }
}
