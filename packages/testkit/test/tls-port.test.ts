import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Internet, startInternet } from '../src/index.ts';
import { sherlockFixture } from './fixtures.ts';

/** One raw HTTPS GET to the TLS-only port, SNI = `host`, trusting only the testkit CA. */
function rawGet(internet: Internet, host: string, path: string): Promise<{ authorized: boolean; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port: internet.tlsPort, servername: host, ca: internet.caPem });
    let text = '';
    socket.once('secureConnect', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nhost: ${host}\r\nconnection: close\r\n\r\n`),
    );
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    socket.once('end', () => resolve({ authorized: socket.authorized, head: text.split('\r\n')[0] ?? '' }));
    socket.once('error', reject);
  });
}

describe('the TLS-only port', () => {
  let internet: Internet;
  beforeAll(async () => {
    internet = await startInternet({ catalogues: [{ format: 'sherlock', data: sherlockFixture }], prewarmTls: true });
  });
  afterAll(() => internet.close());

  it('is its own port and serves each host with a certificate the testkit CA signed for it', async () => {
    expect(internet.tlsPort).not.toBe(internet.port);
    const claimed = await rawGet(internet, 'github.com', '/octocat');
    expect(claimed).toEqual({ authorized: true, head: 'HTTP/1.1 200 OK' });
    const missing = await rawGet(internet, 'github.com', '/no-such-user-4c1d');
    expect(missing.head).toBe('HTTP/1.1 404 Not Found');
    expect(internet.log.count('github.com')).toBe(2);
  });

  it('serves a host that was not prewarmed (minted on first use)', async () => {
    internet.route('late.test', '/hello', () => ({ status: 200, body: 'hi' }));
    expect(await rawGet(internet, 'late.test', '/hello')).toEqual({ authorized: true, head: 'HTTP/1.1 200 OK' });
  });

  it('is what the connector dials for https; plain http goes to the main port', async () => {
    const dial = (protocol: 'https:' | 'http:') =>
      new Promise<number | undefined>((resolve, reject) => {
        internet.connect(
          { hostname: 'github.com', host: 'github.com', protocol, port: '', servername: 'github.com' },
          (error, socket) => {
            if (error) return reject(error);
            resolve(socket?.remotePort);
            socket?.destroy();
          },
        );
      });
    expect(await dial('https:')).toBe(internet.tlsPort);
    expect(await dial('http:')).toBe(internet.port);
  });

  it('refuses a non-boolean prewarmTls', async () => {
    await expect(startInternet({ prewarmTls: 'yes' as unknown as boolean })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
    });
  });
});
