import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import type { CertificateStore } from '../tls/certificate-store.ts';
import { SocketStream } from './socket-stream.ts';

export interface ConnectionCounts {
  tcp: number;
  tunnels: number;
  tls: number;
  tlsResumed: number;
  requests: number;
}

/** First byte of a TLS handshake record. */
const TLS_HANDSHAKE = 0x16;

export interface ListenerHooks {
  onRequest(req: http.IncomingMessage, res: http.ServerResponse): void;
  /** Whether a CONNECT tunnel may be opened to `host` (proxies refuse hosts that do not resolve). */
  acceptsTunnel(host: string): boolean;
  /** Whether TLS for `servername` should use a certificate the client will reject. */
  untrustedTls(servername: string): boolean;
  /** Body of the proxy's answer when a host does not resolve. */
  dnsFailureBody(host: string): string;
}

/**
 * One loopback port for everything: each new connection (and each CONNECT tunnel) is classified by
 * its first byte — TLS handshake or plain HTTP — and fed to one HTTP server, so origin-form,
 * absolute-form (proxy) and tunnelled requests all reach the same handler.
 *
 * A second port speaks TLS only. Its connections need no sniffing, so node:tls runs natively on the
 * TCP handle instead of through the JS stream the sniffed bytes force (about half the server's cost
 * of a handshake); the testkit's connector dials it for https.
 */
export class Listener {
  private readonly tcp: net.Server;
  private readonly tlsTcp: net.Server;
  private readonly http: http.Server;
  private readonly sockets = new Set<net.Socket>();
  /** TLS sockets → the TCP socket under them, to reset the real connection. */
  private readonly raw = new WeakMap<net.Socket, net.Socket>();
  /** Tunnelled sockets → the host named in CONNECT (for clients that send no SNI). */
  private readonly tunnelHost = new WeakMap<net.Socket, string>();
  /** What the clients cost the simulated internet in connections (benchmarks read it). */
  private readonly counts: ConnectionCounts = { tcp: 0, tunnels: 0, tls: 0, tlsResumed: 0, requests: 0 };

  constructor(
    private readonly certificates: CertificateStore,
    private readonly hooks: ListenerHooks,
  ) {
    this.http = http.createServer({ keepAliveTimeout: 5_000, requestTimeout: 0 }, (req, res) => {
      this.counts.requests++;
      hooks.onRequest(req, res);
    });
    this.http.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) =>
      this.tunnel(req, socket, head),
    );
    this.http.on('clientError', (_error, socket: net.Socket) => socket.destroy());
    this.tcp = net.createServer({ noDelay: true }, (socket) => {
      this.track(socket);
      this.classify(socket);
    });
    this.tlsTcp = net.createServer({ noDelay: true }, (socket) => {
      this.track(socket);
      this.terminateTls(socket, socket);
    });
  }

  /** Listens on `port` (0: any free port) and on a free TLS-only port; resolves both port numbers. */
  async listen(port: number): Promise<{ port: number; tlsPort: number }> {
    return { port: await listenOn(this.tcp, port), tlsPort: await listenOn(this.tlsTcp, 0) };
  }

  openSockets(): number {
    return this.sockets.size;
  }

  /** Connections accepted, tunnels opened, TLS handshakes completed (and how many resumed a session), requests. */
  connectionCounts(): ConnectionCounts {
    return { ...this.counts };
  }

  /** The TCP socket carrying `socket` (itself for plain connections). */
  rawSocket(socket: net.Socket): net.Socket {
    return this.raw.get(socket) ?? socket;
  }

  /** The host a tunnelled connection was opened for, if any. */
  tunnelTarget(socket: net.Socket): string | undefined {
    return this.tunnelHost.get(this.rawSocket(socket));
  }

  async close(): Promise<void> {
    const closed = [this.tcp, this.tlsTcp].map(
      (server) => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
    );
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(closed);
  }

  private track(socket: net.Socket): void {
    this.counts.tcp++;
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private classify(socket: net.Socket): void {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      socket.unshift(chunk);
      if (chunk[0] === TLS_HANDSHAKE) {
        this.terminateTls(socket, new SocketStream(socket)); // SocketStream resumes the socket when TLS wants data
      } else {
        this.http.emit('connection', socket);
        socket.resume();
      }
    });
  }

  /** TLS over `transport`: the TCP socket itself, or a SocketStream over it when bytes were sniffed. */
  private terminateTls(socket: net.Socket, transport: net.Socket | SocketStream): void {
    const fallbackHost = this.tunnelHost.get(socket) ?? 'localhost';
    const secure = new tls.TLSSocket(transport, {
      isServer: true,
      ALPNProtocols: ['http/1.1'],
      secureContext: this.certificates.contextFor(fallbackHost, this.hooks.untrustedTls(fallbackHost)),
      SNICallback: (servername, callback) => {
        const name = servername.toLowerCase();
        callback(null, this.certificates.contextFor(name, this.hooks.untrustedTls(name)));
      },
    });
    this.raw.set(secure, socket);
    secure.on('error', () => secure.destroy());
    secure.once('secure', () => {
      this.counts.tls++;
      if (secure.isSessionReused()) this.counts.tlsResumed++;
      this.http.emit('connection', secure);
    });
  }

  private tunnel(req: http.IncomingMessage, socket: net.Socket, head: Buffer): void {
    const target = req.url ?? '';
    const host = (target.startsWith('[') ? target.slice(1, target.indexOf(']')) : (target.split(':')[0] ?? ''))
      .toLowerCase()
      .replace(/\.$/, '');
    if (!this.hooks.acceptsTunnel(host)) {
      const body = this.hooks.dnsFailureBody(host);
      socket.end(
        `HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain; charset=utf-8\r\nProxy-Status: hound-testkit; error=dns_error\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      return;
    }
    this.tunnelHost.set(socket, host);
    this.counts.tunnels++;
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) socket.unshift(head);
    this.classify(socket);
  }
}

function listenOn(server: net.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // A deep accept queue: benchmarks open thousands of connections at once.
    server.listen({ port, host: '127.0.0.1', backlog: 4096 }, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}
