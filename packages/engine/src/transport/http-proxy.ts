import net from 'node:net';
import tls from 'node:tls';
import type { buildConnector } from 'undici';
import { type SecureOptions, secureSocket, serverName } from './tls-sessions.ts';

export interface HttpProxyConnectorOptions extends SecureOptions {
  /** `http://` or `https://` proxy URL, credentials allowed. */
  proxy: URL;
}

/** Longest proxy answer head read before the tunnel is refused. */
const MAX_HEAD_BYTES = 16 * 1024;

/**
 * undici connector that opens every connection as a CONNECT tunnel through an HTTP(S) proxy, then TLS to
 * the target inside it (resuming the target's last session). It stands in for undici's ProxyAgent, whose
 * tunnels each went through an undici Client to the proxy (a pooled client, a request and an llhttp parser
 * per tunnel) and whose TLS sessions did not outlive a full GC (docs/decisions/153). The proxy sees the
 * same request as from ProxyAgent: `CONNECT host:port` with `Host` and, from the URL, Basic credentials.
 */
export function httpProxyConnector(options: HttpProxyConnectorOptions): buildConnector.connector {
  const { proxy } = options;
  const secureProxy = proxy.protocol === 'https:';
  const proxyHost = proxy.hostname.replace(/^\[|\]$/g, '');
  const proxyPort = Number(proxy.port || (secureProxy ? 443 : 80));
  const credentials = proxy.username
    ? `proxy-authorization: Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}\r\n`
    : '';

  return (target, callback) => {
    // As ProxyAgent: the URL's host, with the scheme's port when it names none.
    const authority = target.port ? target.host : `${target.host}:${target.protocol === 'https:' ? 443 : 80}`;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      raw.destroy();
      callback(error, null);
    };
    const timer = setTimeout(
      () =>
        fail(
          Object.assign(new Error(`Connect Timeout Error (proxy tunnel to ${authority})`), {
            code: 'UND_ERR_CONNECT_TIMEOUT',
          }),
        ),
      options.timeoutMs,
    );
    const tcp = net.connect({ host: proxyHost, port: proxyPort });
    tcp.setNoDelay(true).setKeepAlive(true, 60_000);
    // Errors of the TCP socket once TLS or undici owns the connection surface there; none is left unheard.
    tcp.on('error', fail);
    const raw: net.Socket = secureProxy
      ? tls.connect({
          socket: tcp,
          ...(serverName(proxyHost) ? { servername: serverName(proxyHost) } : {}),
          ...(options.secureContext ? { secureContext: options.secureContext } : {}),
        })
      : tcp;
    if (raw !== tcp) raw.on('error', fail);
    raw.once(secureProxy ? 'secureConnect' : 'connect', () => {
      raw.write(`CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n${credentials}\r\n`);
    });
    let head: Buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > MAX_HEAD_BYTES) fail(new Error('Proxy response head too large when HTTP Tunneling'));
        return;
      }
      raw.removeListener('data', onData);
      raw.pause();
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head.subarray(0, end).toString('latin1'))?.[1] ?? 0);
      if (status !== 200) {
        // The same words as undici's ProxyAgent: a host the proxy cannot resolve is its 502.
        fail(new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`));
        return;
      }
      const rest = head.subarray(end + 4);
      if (rest.length > 0) raw.unshift(rest);
      settled = true;
      clearTimeout(timer);
      raw.removeListener('error', fail);
      tcp.removeListener('error', fail);
      // Later errors reach whoever owns the socket now (TLS, then undici); the TCP socket's stay quiet here.
      tcp.on('error', () => {});
      if (target.protocol !== 'https:') {
        raw.resume();
        callback(null, raw);
        return;
      }
      secureSocket(raw, target, options, callback);
    };
    raw.on('data', onData);
  };
}
