import { describe, expect, it } from 'vitest';
import { BLOCKED_ADDRESS_CODE, publicOnlyLookup, refusalForHost, refusalForOrigin } from './address-guard.ts';
import { nonPublicRange } from './address-range.ts';

describe('nonPublicRange', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
  ])('IPv4 %s is %s', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '223.255.255.255',
  ])('IPv4 %s is public', (address) => {
    expect(nonPublicRange(address)).toBeUndefined();
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['4000::1', 'reserved'],
  ])('IPv6 %s is %s', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['0:0:0:0:0:ffff:10.1.2.3', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:100.64.0.1', 'shared (CGNAT)'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::', 'private'],
  ])('IPv6 %s carrying a non-public IPv4 address is %s', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  it.each([
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('IPv6 %s is public', (address) => {
    expect(nonPublicRange(address)).toBeUndefined();
  });

  it('counts anything that is not an IP address as not public', () => {
    expect(nonPublicRange('example.com')).toBe('not an IP address');
    expect(nonPublicRange('')).toBe('not an IP address');
    expect(nonPublicRange('127.1')).toBe('not an IP address');
  });
});

describe('refusals without DNS', () => {
  it('refuses non-public IP literals and localhost names, whatever their spelling in a URL', () => {
    for (const origin of [
      'http://127.0.0.1:3000',
      'http://2130706433',
      'http://0x7f.1',
      'http://[::1]:8080',
      'http://[::ffff:127.0.0.1]',
      'http://169.254.169.254',
      'https://LOCALHOST',
      'http://localhost.:3000',
      'http://api.localhost',
      'http://0.0.0.0:80',
    ]) {
      expect(refusalForOrigin(origin), origin).toMatchObject({ code: BLOCKED_ADDRESS_CODE });
    }
  });

  it('lets public literals and every other name through to the resolver', () => {
    expect(refusalForHost('8.8.8.8')).toBeUndefined();
    expect(refusalForHost('[2606:4700:4700::1111]')).toBeUndefined();
    expect(refusalForHost('github.com')).toBeUndefined();
    expect(refusalForHost('localhost.example')).toBeUndefined();
  });
});

describe('publicOnlyLookup', () => {
  const lookup = (host: string, all: boolean) =>
    new Promise<unknown>((resolve, reject) => {
      publicOnlyLookup(host, { all }, (error, address) => (error ? reject(error) : resolve(address)));
    });

  it('refuses a name that resolves to loopback only, in both call shapes net.connect uses', async () => {
    for (const all of [true, false]) {
      await expect(lookup('localhost', all)).rejects.toMatchObject({
        code: BLOCKED_ADDRESS_CODE,
        message: expect.stringMatching(/^refused localhost \((127\.0\.0\.1|::1)\): a loopback address/),
      });
    }
  });

  it('passes resolver failures through unchanged', async () => {
    await expect(lookup('no-such-host.invalid', true)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
