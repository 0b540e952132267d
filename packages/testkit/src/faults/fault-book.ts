import { TestkitError } from '../errors.ts';
import { uniformFor } from '../random.ts';
import type { Fault, WafVendor } from '../types.ts';
import { ADVERSARIAL_PAGES } from './adversarial-pages.ts';
import { WALL_KINDS } from './hostile-pages.ts';

const VENDORS: WafVendor[] = ['cloudflare', 'ddos-guard', 'aws', 'perimeterx'];

const positive = (n: unknown): boolean => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** Throws INVALID_FAULT unless `fault` is a well-formed Fault. */
export function validateFault(fault: Fault): void {
  const bad = (why: string) => new TestkitError('INVALID_FAULT', `invalid fault ${JSON.stringify(fault)}: ${why}`);
  switch (fault?.kind) {
    case 'latency':
      if (!(typeof fault.ms === 'number' && fault.ms >= 0)) throw bad('ms must be ≥ 0');
      return;
    case 'rate_limit':
      if (!(typeof fault.retryAfterS === 'number' && Number.isInteger(fault.retryAfterS) && fault.retryAfterS >= 0)) {
        throw bad('retryAfterS must be a whole number ≥ 0');
      }
      if (fault.times !== undefined && !(Number.isInteger(fault.times) && fault.times >= 0)) {
        throw bad('times must be a whole number ≥ 0');
      }
      return;
    case 'waf':
      if (!VENDORS.includes(fault.vendor)) throw bad(`vendor must be one of ${VENDORS.join(', ')}`);
      return;
    case 'status':
      if (!(Number.isInteger(fault.status) && fault.status >= 200 && fault.status <= 599))
        throw bad('status must be 200–599');
      return;
    case 'huge_body':
    case 'gzip_bomb':
      if (!(Number.isInteger(fault.bytes) && fault.bytes > 0)) throw bad('bytes must be a positive whole number');
      return;
    case 'slow_drip':
      if (!positive(fault.bytesPerSecond)) throw bad('bytesPerSecond must be > 0');
      return;
    case 'wall':
      if (!WALL_KINDS.includes(fault.wall)) throw bad(`wall must be one of ${WALL_KINDS.join(', ')}`);
      if (fault.variant !== undefined && !(Number.isInteger(fault.variant) && fault.variant >= 0)) {
        throw bad('variant must be a whole number ≥ 0');
      }
      return;
    case 'redirect':
      if (typeof fault.location !== 'string' || fault.location === '') throw bad('location must be a URL or path');
      if (fault.status !== undefined && ![301, 302, 303, 307, 308].includes(fault.status)) {
        throw bad('status must be 301, 302, 303, 307 or 308');
      }
      if (fault.wall !== undefined && !WALL_KINDS.includes(fault.wall)) {
        throw bad(`wall must be one of ${WALL_KINDS.join(', ')}`);
      }
      return;
    case 'noisy_profile':
      if (fault.variant !== undefined && !(Number.isInteger(fault.variant) && fault.variant >= 0)) {
        throw bad('variant must be a whole number ≥ 0');
      }
      return;
    case 'adversarial':
      if (!ADVERSARIAL_PAGES.some((p) => p.id === fault.page)) throw bad('page must be an ADVERSARIAL_PAGES id');
      return;
    case 'flap':
      if (!fault.fault || fault.fault.kind === 'flap') throw bad('fault must be a fault other than flap');
      if (fault.share !== undefined && !(typeof fault.share === 'number' && fault.share >= 0 && fault.share <= 1)) {
        throw bad('share must be between 0 and 1');
      }
      validateFault(fault.fault);
      return;
    case 'hang':
    case 'reset':
    case 'soft404':
    case 'redirect_loop':
    case 'bad_tls':
    case 'unknown_host':
      return;
    default:
      throw bad('unknown kind');
  }
}

/** Faults set per host, plus the seeded shares of hosts that hang or sit behind a WAF. */
export class FaultBook {
  private readonly explicit = new Map<string, Fault | null>();
  private readonly rateLimitLeft = new Map<string, number>();
  /** Requests a flapping host has answered, so each gets its own seeded draw. */
  private readonly flapCount = new Map<string, number>();

  constructor(
    private readonly seed: number,
    private readonly hangShare: number,
    private readonly wafShare: number,
  ) {}

  set(host: string, fault: Fault | null): void {
    if (fault !== null) validateFault(fault);
    this.explicit.set(host, fault);
    this.rateLimitLeft.delete(host);
    if (fault?.kind === 'rate_limit' && fault.times !== undefined) this.rateLimitLeft.set(host, fault.times);
  }

  /** The fault in force for `host`: an explicit one (or explicit null), else a seeded share. */
  faultFor(host: string): Fault | null {
    const explicit = this.explicit.get(host);
    if (explicit !== undefined) return explicit;
    if (this.hangShare > 0 && uniformFor(this.seed, `hang ${host}`) < this.hangShare) return { kind: 'hang' };
    if (this.wafShare > 0 && uniformFor(this.seed, `waf ${host}`) < this.wafShare) {
      const vendor = VENDORS[Math.floor(uniformFor(this.seed, `vendor ${host}`) * VENDORS.length)] as WafVendor;
      return { kind: 'waf', vendor };
    }
    return null;
  }

  /** The fault one request gets: a flapping host's inner fault or nothing, drawn per request. */
  faultForRequest(host: string): Fault | null {
    const fault = this.faultFor(host);
    if (fault?.kind !== 'flap') return fault;
    const n = (this.flapCount.get(host) ?? 0) + 1;
    this.flapCount.set(host, n);
    return uniformFor(this.seed, `flap ${host} ${n}`) < (fault.share ?? 0.5) ? fault.fault : null;
  }

  /** Consumes one 429 for a rate-limited host; false once its `times` are used up. */
  takeRateLimit(host: string): boolean {
    const left = this.rateLimitLeft.get(host);
    if (left === undefined) return true;
    if (left <= 0) return false;
    this.rateLimitLeft.set(host, left - 1);
    return true;
  }
}
