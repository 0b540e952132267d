import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import type { CertificateStore } from '../tls/certificate-store.ts';
import { SocketStream } from './socket-stream.ts';

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
 */
export class Listener {
  private readonly tcp: net.Server;
  private readonly http: http.Server;
  private readonly sockets = new Set<net.Socket>();
  /** TLS sockets → the TCP socket under them, to reset the real connection. */
  private readonly raw = new WeakMap<net.Socket, net.Socket>();
  /** Tunnelled sockets → the host named in CONNECT (for clients that send no SNI). */
  private readonly tunnelHost = new WeakMap<net.Socket, string>();

  constructor(
    private readonly certificates: CertificateStore,
    private readonly hooks: ListenerHooks,
  ) {
    this.http = http.createServer({ keepAliveTimeout: 5_000, requestTimeout: 0 }, hooks.onRequest);
    this.http.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) =>
      this.tunnel(req, socket, head),
    );
    this.http.on('clientError', (_error, socket: net.Socket) => socket.destroy());
    this.tcp = net.createServer({ noDelay: true }, (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      this.classify(socket);
    });
  }

  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.tcp.once('error', reject);
      // A deep accept queue: benchmarks open thousands of connections at once.
      this.tcp.listen({ port, host: '127.0.0.1', backlog: 4096 }, () => {
        this.tcp.off('error', reject);
        resolve((this.tcp.address() as net.AddressInfo).port);
      });
    });
  }

  openSockets(): number {
    return this.sockets.size;
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
    const closed = new Promise<void>((resolve) => this.tcp.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private classify(socket: net.Socket): void {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      socket.unshift(chunk);
      if (chunk[0] === TLS_HANDSHAKE) {
        this.terminateTls(socket); // SocketStream resumes the socket when TLS wants data
      } else {
        this.http.emit('connection', socket);
        socket.resume();
      }
    });
  }

  private terminateTls(socket: net.Socket): void {
    const fallbackHost = this.tunnelHost.get(socket) ?? 'localhost';
    const secure = new tls.TLSSocket(new SocketStream(socket), {
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
    secure.once('secure', () => this.http.emit('connection', secure));
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
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) socket.unshift(head);
    this.classify(socket);
  }
}
