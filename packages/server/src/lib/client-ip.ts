/**
 * Who the client is, for limits: the address Fastify derived under TRUST_PROXY, with IPv6 grouped by its
 * /64 (one subscriber usually holds a whole /64, so per-address limits on IPv6 would be no limits at all).
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { TrustProxy } from '../env.ts';

/** Fastify's `trustProxy`: a hop count trusts that many entries from the right (Fastify itself refuses numbers). */
export function trustProxyOption(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return setting === 0 ? false : (_address, hop) => hop < setting;
  return setting;
}

/** `2001:db8:1:2::/64` for any address in that /64; an IPv4 (or IPv4-mapped IPv6) address as it is. */
export function ipGroup(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (`::1.2.3.4`) is two groups; it never reaches the first four.
  const width = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - width).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
