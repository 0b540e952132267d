import net from 'node:net';

/**
 * Which addresses Hound refuses to connect to unless the operator allows them (docs/decisions/096):
 * everything that is not a public unicast address — loopback, RFC 1918, link-local (cloud metadata at
 * 169.254.169.254), CGNAT, unique-local, multicast, documentation and reserved ranges — and the IPv6
 * forms that carry such an IPv4 address (mapped, NAT64, 6to4).
 */

/** [first address as a number, prefix length, name] of each IPv4 range that is not publicly routable. */
const IPV4_RANGES: ReadonlyArray<readonly [number, number, string]> = [
  [ipv4Number('0.0.0.0'), 8, 'unspecified'],
  [ipv4Number('10.0.0.0'), 8, 'private'],
  [ipv4Number('100.64.0.0'), 10, 'shared (CGNAT)'],
  [ipv4Number('127.0.0.0'), 8, 'loopback'],
  [ipv4Number('169.254.0.0'), 16, 'link-local'],
  [ipv4Number('172.16.0.0'), 12, 'private'],
  [ipv4Number('192.0.0.0'), 24, 'reserved'],
  [ipv4Number('192.0.2.0'), 24, 'documentation'],
  [ipv4Number('192.88.99.0'), 24, 'reserved'],
  [ipv4Number('192.168.0.0'), 16, 'private'],
  [ipv4Number('198.18.0.0'), 15, 'benchmarking'],
  [ipv4Number('198.51.100.0'), 24, 'documentation'],
  [ipv4Number('203.0.113.0'), 24, 'documentation'],
  [ipv4Number('224.0.0.0'), 4, 'multicast'],
  [ipv4Number('240.0.0.0'), 4, 'reserved'],
];

function ipv4Number(address: string): number {
  return address.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
}

function ipv4Range(value: number): string | undefined {
  for (const [base, prefix, name] of IPV4_RANGES) {
    const size = 2 ** (32 - prefix);
    if (value >= base && value < base + size) return name;
  }
  return undefined;
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail counts as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const dotted = text.match(/:(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1]) {
    const value = ipv4Number(dotted[1]);
    tail.push(Math.floor(value / 0x10000), value % 0x10000);
    text = `${text.slice(0, -dotted[1].length)}0`; // a placeholder group, dropped below
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = parse(head);
  const right = parse(rest ?? '');
  if (tail.length > 0) (right.length > 0 ? right : left).pop();
  const missing = 8 - left.length - right.length - tail.length;
  return [...left, ...(rest === undefined ? [] : new Array<number>(missing).fill(0)), ...right, ...tail];
}

function ipv6Range(address: string): string | undefined {
  const g = ipv6Groups(address);
  const embedded = (high: number, low: number) => ipv4Range(high * 0x10000 + low);
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!); // ::ffff:a.b.c.d, IPv4-mapped
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  if (zeros(0, 6)) return 'reserved'; // ::a.b.c.d, the deprecated IPv4-compatible form
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embedded(g[6]!, g[7]!); // NAT64
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!); // 6to4 carries an IPv4 address
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'unique-local';
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xffc0) === 0xfec0) return 'site-local';
  if ((first & 0xff00) === 0xff00) return 'multicast';
  if (first === 0x2001 && g[1] === 0x0db8) return 'documentation';
  if (first === 0x2001 && g[1]! < 0x0200) return 'reserved'; // IETF protocol assignments, Teredo
  // Only 2000::/3 is global unicast; everything else is unassigned or special.
  if ((first & 0xe000) !== 0x2000) return 'reserved';
  return undefined;
}

/**
 * The name of the non-public range `address` is in ('loopback', 'private', 'link-local', …), or
 * undefined for a public address. Anything that is not an IP address counts as 'not an IP address'.
 */
export function nonPublicRange(address: string): string | undefined {
  const bare = address
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  switch (net.isIP(bare)) {
    case 4:
      return ipv4Range(ipv4Number(bare));
    case 6:
      return ipv6Range(bare);
    default:
      return 'not an IP address';
  }
}
