/**
 * A TCP relay in front of a real server (Redis or PostgreSQL in the tests), that can stop answering: in
 * `blackhole` mode it accepts connections and forwards nothing either way, as a host that vanished behind a
 * firewall does; `refuse()` drops every connection and stops listening, so new ones are refused as by a
 * server that is restarting. `forward()` drops every connection and lets new ones through again.
 */
import net, { type AddressInfo, type Socket } from 'node:net';

export interface TcpRelay {
  readonly port: number;
  blackhole(): void;
  /** Requests still reach the server, but each connection is cut when its answer comes back: lost replies. */
  dropReplies(): void;
  /** Answers every new request with 503 itself, as a gateway does while the server behind it restarts. */
  unavailable(): void;
  /** Cuts every connection and refuses new ones (ECONNREFUSED) until `forward()`. */
  refuse(): Promise<void>;
  /** Back to relaying (listening again on the same port after `refuse()`). */
  forward(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number } | null): Promise<TcpRelay> {
  let silent = target === null;
  let dropping = false;
  let gateway503 = false;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    if (gateway503) {
      client.once('data', () =>
        client.end('HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n'),
      );
      return;
    }
    if (silent || !target) return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    // Forward while not silent; once silent, bytes are swallowed in both directions.
    client.on('data', (chunk) => {
      if (!silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (dropping) client.destroy();
      else if (!silent) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let refusing = false;
  return {
    port,
    blackhole() {
      silent = true;
    },
    dropReplies() {
      dropping = true;
    },
    unavailable() {
      gateway503 = true;
    },
    async refuse() {
      if (refusing) return;
      refusing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async forward() {
      silent = false;
      dropping = false;
      gateway503 = false;
      for (const socket of sockets) socket.destroy();
      if (refusing) {
        refusing = false;
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
          });
        });
      }
    },
    close() {
      for (const socket of sockets) socket.destroy();
      if (refusing) return Promise.resolve();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on 127.0.0.1 where nothing listens (bound once, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
