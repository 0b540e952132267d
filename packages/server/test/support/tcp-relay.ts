/**
 * A TCP relay in front of a real server (Redis in the tests), that can stop answering: in `blackhole`
 * mode it accepts connections and forwards nothing either way, as a host that vanished behind a
 * firewall does. `forward()` drops every connection and lets new ones through again.
 */
import net, { type AddressInfo, type Socket } from 'node:net';

export interface TcpRelay {
  readonly port: number;
  blackhole(): void;
  forward(): void;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number } | null): Promise<TcpRelay> {
  let silent = target === null;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    if (silent || !target) return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    // Forward while not silent; once silent, bytes are swallowed in both directions.
    client.on('data', (chunk) => {
      if (!silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!silent) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    blackhole() {
      silent = true;
    },
    forward() {
      silent = false;
      for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
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
