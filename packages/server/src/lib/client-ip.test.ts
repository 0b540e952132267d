import { describe, expect, it } from 'vitest';
import { ipGroup, trustProxyOption } from './client-ip.ts';

describe('ipGroup', () => {
  it('keeps IPv4 addresses (also IPv4-mapped IPv6) and groups IPv6 by its /64, however it is written', () => {
    expect(ipGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(ipGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    const group = '2001:db8:1:2::/64';
    for (const ip of ['2001:db8:1:2::1', '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2:3:4:5.6.7.8'])
      expect(ipGroup(ip), ip).toBe(group);
    expect(ipGroup('2001:db8:1:3::1')).not.toBe(group);
    expect(ipGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipGroup('1::2:3:4:5:6:7')).toBe('1:0:2:3::/64');
    expect(ipGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('trustProxyOption', () => {
  it('turns a hop count into a trust function over hops from the socket; passes addresses through', () => {
    const twoHops = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['loopback'])).toEqual(['loopback']);
  });
});
