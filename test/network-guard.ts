/**
 * Test guard: no test may reach beyond this machine.
 *
 * Every outbound socket goes through `net.Socket.prototype.connect` (plain TCP, and TLS, which wraps it).
 * We check the target there: IP literals directly, hostnames through a wrapped `lookup` so the check sees
 * the address actually dialled (tests that route every hostname to 127.0.0.1 stay allowed).
 * A blocked attempt throws at the call site AND is recorded, so the test fails even when the caller
 * swallows the error (HTTP clients turn it into a "network error").
 */
import dns from 'node:dns';
import net from 'node:net';

const violations: string[] = [];
let installed = false;

export function isLoopbackAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (a === '::1' || a === 'localhost') return true;
  if (a.startsWith('::ffff:')) return isLoopbackAddress(a.slice(7));
  return net.isIPv4(a) && a.startsWith('127.');
}

function blocked(target: string): Error {
  const message = `Hound test guard: blocked a connection to ${target}. Tests must never reach the internet; route requests through @hound/testkit.`;
  violations.push(message);
  const error = new Error(message) as NodeJS.ErrnoException;
  error.code = 'EHOUNDGUARD';
  return error;
}

type LookupFn = (hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => void;

function guardedLookup(inner: LookupFn): LookupFn {
  return (hostname, options, callback) => {
    inner(hostname, options, (err: unknown, address: unknown, family: unknown) => {
      if (err) return callback(err);
      const list = Array.isArray(address) ? address.map((a: { address: string }) => a.address) : [address as string];
      const outside = list.find((a) => !isLoopbackAddress(a));
      if (outside) return callback(blocked(`${hostname} (${outside})`));
      callback(null, address, family);
    });
  };
}

export function installNetworkGuard(): void {
  if (installed) return;
  installed = true;
  const original = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...rawArgs: unknown[]) {
    // net.connect() hands over its already-normalised [options, callback] array.
    const args = Array.isArray(rawArgs[0]) ? (rawArgs[0] as unknown[]) : rawArgs;
    const first = args[0];
    let options: Record<string, unknown>;
    if (first && typeof first === 'object' && !Array.isArray(first)) options = first as Record<string, unknown>;
    else if (typeof first === 'number')
      options = { port: first, host: typeof args[1] === 'string' ? args[1] : 'localhost' };
    else options = { path: first };
    // Unix sockets and named pipes never leave the machine.
    if (typeof options.path === 'string') return original.apply(this, rawArgs as never);
    const host = String(options.host ?? 'localhost');
    if (net.isIP(host.replace(/^\[|\]$/g, ''))) {
      if (!isLoopbackAddress(host)) throw blocked(`${host}:${String(options.port)}`);
      return original.apply(this, rawArgs as never);
    }
    if (host === 'localhost') return original.apply(this, rawArgs as never);
    const lookup = (options.lookup as LookupFn | undefined) ?? (dns.lookup as unknown as LookupFn);
    const patched = { ...options, lookup: guardedLookup(lookup) };
    const rest = args.slice(1).filter((a) => typeof a === 'function');
    return original.apply(this, [patched, ...rest] as never);
  } as typeof net.Socket.prototype.connect;
}

/** Returns and clears the violations recorded since the last call. */
export function takeViolations(): string[] {
  return violations.splice(0, violations.length);
}
