/**
 * Test fixture: a tiny HTTP server on 127.0.0.1 whose routes the test defines, with a request log and
 * open-socket count. Used by the transport's unit tests; integration tests use @hound/testkit.
 */
import http from 'node:http';
import type net from 'node:net';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

export interface FixtureServer {
  url: string;
  port: number;
  requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }>;
  openSockets(): number;
  /** Connections accepted since start. */
  connections(): number;
  peak(path: string): number;
  close(): Promise<void>;
}

export async function startFixtureServer(routes: Record<string, Handler>): Promise<FixtureServer> {
  const sockets = new Set<net.Socket>();
  const requests: FixtureServer['requests'] = [];
  const inFlight = new Map<string, number>();
  const peaks = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers });
    inFlight.set(path, (inFlight.get(path) ?? 0) + 1);
    peaks.set(path, Math.max(peaks.get(path) ?? 0, inFlight.get(path) as number));
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight.set(path, (inFlight.get(path) ?? 1) - 1);
    };
    res.on('finish', finish);
    res.on('close', finish);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const handler = routes[path];
      if (!handler) {
        res.writeHead(404).end('no route');
        return;
      }
      handler(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });
  let accepted = 0;
  server.on('connection', (socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    openSockets: () => sockets.size,
    connections: () => accepted,
    peak: (path) => peaks.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
