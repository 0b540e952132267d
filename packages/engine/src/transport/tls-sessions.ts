import net from 'node:net';
import tls from 'node:tls';
import type { buildConnector } from 'undici';

/**
 * TLS sessions by server name, held strongly and bounded (the least recently stored dropped first), so a
 * later connection to a host resumes instead of making a full handshake (with its certificate checks).
 * undici's connectors keep theirs behind WeakRefs: every full GC of a busy search thread emptied them, and
 * most connections of a search made full handshakes again (docs/decisions/153).
 */
export class TlsSessions {
  readonly #sessions = new Map<string, Buffer>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.#sessions.size;
  }

  get(name: string): Buffer | undefined {
    return this.#sessions.get(name);
  }

  set(name: string, session: Buffer): void {
    this.#sessions.delete(name);
    this.#sessions.set(name, session);
    if (this.#sessions.size > this.max) {
      const oldest = this.#sessions.keys().next();
      if (!oldest.done) this.#sessions.delete(oldest.value);
    }
  }
}

export interface SecureOptions {
  /** Trusted CAs for the target (undefined: Node's defaults). */
  secureContext?: tls.SecureContext;
  sessions: TlsSessions;
  timeoutMs: number;
}

/** The TLS server name for a host: none for an IP literal (SNI carries names only). */
export function serverName(hostname: string, servername?: string | null): string | undefined {
  if (servername) return servername;
  const host = hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) ? undefined : host;
}

/**
 * TLS to `hostname` over an open socket (a TCP connection or a proxy's tunnel), resuming the host's last
 * session when there is one; calls back once the handshake is done, or with its error (the socket is then
 * destroyed). The certificate is checked against the name as Node always does.
 */
export function secureSocket(
  socket: net.Socket,
  target: { hostname: string; servername?: string | null },
  options: SecureOptions,
  callback: buildConnector.Callback,
): void {
  const servername = serverName(target.hostname, target.servername);
  const key = servername ?? target.hostname;
  const session = options.sessions.get(key);
  const secure = tls.connect({
    socket,
    ...(servername ? { servername } : {}),
    ...(session ? { session } : {}),
    ...(options.secureContext ? { secureContext: options.secureContext } : {}),
    ALPNProtocols: ['http/1.1'],
  });
  secure.on('session', (next: Buffer) => options.sessions.set(key, next));
  let done = false;
  const finish = (error: Error | null) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    secure.removeListener('error', finish);
    if (error) {
      // Nothing listens any more: a late error of a socket given up on must not become an uncaught one.
      secure.on('error', () => {});
      secure.destroy();
      socket.destroy();
      callback(error, null);
    } else callback(null, secure);
  };
  const timer = setTimeout(
    () => finish(Object.assign(new Error('TLS handshake timeout'), { code: 'UND_ERR_CONNECT_TIMEOUT' })),
    options.timeoutMs,
  );
  secure.once('secureConnect', () => finish(null));
  secure.once('error', finish);
}
