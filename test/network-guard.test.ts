import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { installNetworkGuard, isLoopbackAddress, takeViolations } from './network-guard.ts';

installNetworkGuard();

function tryConnect(options: net.NetConnectOpts): Promise<string> {
  return new Promise((resolve) => {
    try {
      const socket = net.connect(options);
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    } catch (err) {
      resolve((err as NodeJS.ErrnoException).code ?? 'thrown');
    }
  });
}

/** A resolver that answers every name with one IPv4 address, in either of dns.lookup's shapes. */
function fixedLookup(address: string): net.LookupFunction {
  return ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address, family: 4 }]);
    else cb(null, address, 4);
  }) as unknown as net.LookupFunction;
}

describe('network guard', () => {
  it('recognises loopback addresses', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('127.8.9.10')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('[::1]')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('93.184.216.34')).toBe(false);
  });

  it('blocks an IP literal outside the machine and records it', async () => {
    const outcome = await tryConnect({ host: '192.0.2.1', port: 443 });
    expect(outcome).toBe('EHOUNDGUARD');
    expect(takeViolations()).toEqual([expect.stringContaining('192.0.2.1')]);
  });

  it('blocks a hostname whose lookup resolves outside the machine', async () => {
    const lookup = fixedLookup('198.51.100.7');
    const outcome = await tryConnect({ host: 'example.com', port: 80, lookup });
    expect(outcome).toBe('EHOUNDGUARD');
    expect(takeViolations()[0]).toContain('example.com (198.51.100.7)');
  });

  it('allows loopback connections, including hostnames routed to 127.0.0.1', async () => {
    const server = net.createServer((s) => s.end()).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as net.AddressInfo;
    const lookup = fixedLookup('127.0.0.1');
    expect(await tryConnect({ host: '127.0.0.1', port })).toBe('connected');
    expect(await tryConnect({ host: 'github.com', port, lookup })).toBe('connected');
    server.close();
    expect(takeViolations()).toEqual([]);
  });
});
