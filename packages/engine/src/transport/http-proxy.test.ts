import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../search/test-helpers.ts';
import { type FixtureServer, startFixtureServer } from './fixture-server.ts';
import { TlsSessions } from './tls-sessions.ts';
import { createTransport } from './transport.ts';

/** A full GC on demand (V8's flag set at run time; the function comes from a fresh context). */
v8.setFlagsFromString('--expose-gc');
const fullGc = vm.runInNewContext('gc') as () => void;

const get = (url: string) => ({ method: 'GET' as const, url, headers: {}, followRedirects: false });

describe('TLS sessions (decision 153)', () => {
  let internet: Internet;
  beforeAll(async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'catalogue.json');
    writeFileSync(
      file,
      JSON.stringify({
        Alpha: {
          url: 'https://alpha.example/{}',
          urlMain: 'https://alpha.example/',
          errorType: 'status_code',
          username_claimed: 'blue',
        },
      }),
    );
    internet = await startInternet({ catalogues: [{ path: file }], dir });
    expect(internet.hosts()).toContain('alpha.example');
  });
  afterAll(() => internet.close());

  it('a new connection to a host resumes its session through an HTTP proxy, also after a full GC', async () => {
    // Keep-alive of 1 ms: every request opens a new tunnel and handshake.
    const transport = createTransport({ proxy: internet.proxyUrl, caPem: internet.caPem, keepAliveTimeoutMs: 1 });
    const before = internet.connections();
    for (let i = 0; i < 4; i++) {
      const result = await transport.send(get(`https://alpha.example/user${i}`));
      expect(result.ok ? result.response.status : result.error.message).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 30));
      fullGc();
    }
    const after = internet.connections();
    await transport.close();
    expect(after.tunnels - before.tunnels).toBe(4);
    expect(after.tls - before.tls).toBe(4);
    // The first handshake is a full one; the others resume it (undici's own cache lost it at each GC).
    expect(after.tlsResumed - before.tlsResumed).toBe(3);
  });

  it('and directly (no proxy), after a full GC too', async () => {
    // The testkit's TLS port answers any name it is asked for; `localhost` is loopback, allowed here.
    const transport = createTransport({
      caPem: internet.caPem,
      keepAliveTimeoutMs: 1,
      allowPrivateAddresses: true,
      retries: 0,
    });
    const before = internet.connections();
    for (let i = 0; i < 3; i++) {
      const result = await transport.send(get(`https://localhost:${internet.tlsPort}/user${i}`));
      expect(result.ok ? 'answered' : result.error.message).toBe('answered');
      await new Promise((resolve) => setTimeout(resolve, 30));
      fullGc();
    }
    const after = internet.connections();
    await transport.close();
    expect(after.tls - before.tls).toBe(3);
    expect(after.tlsResumed - before.tlsResumed).toBe(2);
  });

  it('keeps at most its bound, dropping the least recently stored', () => {
    const sessions = new TlsSessions(2);
    sessions.set('a', Buffer.from('1'));
    sessions.set('b', Buffer.from('2'));
    sessions.set('a', Buffer.from('3'));
    sessions.set('c', Buffer.from('4'));
    expect(sessions.size).toBe(2);
    expect(sessions.get('b')).toBeUndefined();
    expect(sessions.get('a')?.toString()).toBe('3');
    expect(sessions.get('c')?.toString()).toBe('4');
  });
});

describe('the HTTP proxy connector', () => {
  let site: FixtureServer;
  let proxy: net.Server;
  let proxyUrl: string;
  const connects: Array<{ line: string; auth?: string }> = [];
  beforeAll(async () => {
    site = await startFixtureServer({ '/ok': (_req, res) => res.writeHead(200).end('through') });
    // A CONNECT-only proxy that wants Basic credentials and tunnels to the fixture server.
    proxy = net.createServer((client) => {
      client.once('data', (chunk) => {
        const head = chunk.toString('latin1');
        const line = head.split('\r\n')[0] ?? '';
        const auth = /^proxy-authorization: (.*)$/im.exec(head)?.[1];
        connects.push({ line, ...(auth ? { auth } : {}) });
        if (auth !== `Basic ${Buffer.from('hound:s3cret').toString('base64')}`) {
          client.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        const upstream = net.connect(site.port, '127.0.0.1', () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          client.pipe(upstream).pipe(client);
        });
        upstream.on('error', () => client.destroy());
      });
      client.on('error', () => {});
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await site.close();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('sends CONNECT host:port with the URL credentials, then the request through the tunnel', async () => {
    const transport = createTransport({
      proxy: proxyUrl.replace('http://', 'http://hound:s3cret@'),
      allowPrivateAddresses: true,
    });
    const result = await transport.send(get(`${site.url}/ok`));
    await transport.close();
    expect(result.ok && result.response.body).toBe('through');
    expect(connects.at(-1)?.line).toBe(`CONNECT 127.0.0.1:${site.port} HTTP/1.1`);
  });

  it("a proxy's refusal is the request's network error, in undici's words", async () => {
    const transport = createTransport({ proxy: proxyUrl, allowPrivateAddresses: true, retries: 0 });
    const result = await transport.send(get(`${site.url}/ok`));
    await transport.close();
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('network');
    expect(!result.ok && result.error.detail).toContain('Proxy response (407) !== 200 when HTTP Tunneling');
    expect(connects.at(-1)?.auth).toBeUndefined();
  });

  it('still refuses an internal target before any tunnel (decision 096)', async () => {
    const transport = createTransport({ proxy: proxyUrl });
    const asked = connects.length;
    const result = await transport.send(get(`${site.url}/ok`));
    await transport.close();
    expect(!result.ok && result.error.code).toBe('blocked_address');
    expect(connects.length).toBe(asked);
  });
});
