/**
 * Test fixture: a minimal SOCKS5 server (no auth, CONNECT only) on 127.0.0.1 that records the requested
 * destination and forwards every tunnel to `forwardPort` on loopback.
 */
import net from 'node:net';

export interface FixtureSocks {
  url(scheme: 'socks5' | 'socks5h'): string;
  destinations: string[];
  close(): Promise<void>;
}

function readDestination(request: Buffer): string {
  const type = request[3];
  const port = request.readUInt16BE(request.length - 2);
  if (type === 1) return `${request.subarray(4, 8).join('.')}:${port}`;
  if (type === 3) return `${request.subarray(5, 5 + (request[4] ?? 0)).toString('utf8')}:${port}`;
  return `ipv6:${port}`;
}

export async function startFixtureSocks(forwardPort: number): Promise<FixtureSocks> {
  const destinations: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    client.once('data', () => {
      client.write(Buffer.from([5, 0])); // no authentication
      client.once('data', (request) => {
        destinations.push(readDestination(request));
        const upstream = net.connect(forwardPort, '127.0.0.1', () => {
          client.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]));
          client.pipe(upstream).pipe(client);
        });
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: (scheme) => `${scheme}://127.0.0.1:${port}`,
    destinations,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
