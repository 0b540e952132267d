import net from 'node:net';
import zlib from 'node:zlib';
import type { buildConnector } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckRequest } from '../model.ts';
import { type FixtureServer, startFixtureServer } from './fixture-server.ts';
import { startFixtureSocks } from './fixture-socks.ts';
import { DEFAULT_USER_AGENT } from './options.ts';
import { createTransport, resolveTransportOptions } from './transport.ts';

/** The fixture server is on loopback, which the transport refuses unless told otherwise (decision 096). */
const LOOPBACK = { allowPrivateAddresses: true };
const BIG = 5 * 1024 * 1024;
const BOMB = zlib.gzipSync(Buffer.alloc(200 * 1024 * 1024, 'a'));
let attempts429 = 0;
let attempts503 = 0;

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({
    '/ok': (req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`ua=${req.headers['user-agent']}`),
    '/echo': (req, res, body) => res.writeHead(200).end(`${req.method} ${body}`),
    '/big': (_req, res) => res.writeHead(200).end(Buffer.alloc(BIG, 'x')),
    '/bomb': (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(BOMB),
    '/br': (_req, res) => res.writeHead(200, { 'content-encoding': 'br' }).end(zlib.brotliCompressSync('hello br')),
    '/deflate': (_req, res) => res.writeHead(200, { 'content-encoding': 'deflate' }).end(zlib.deflateSync('zlib')),
    '/rawdeflate': (_req, res) =>
      res.writeHead(200, { 'content-encoding': 'deflate' }).end(zlib.deflateRawSync('raw deflate')),
    '/latin1': (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
        .end(Buffer.from([0x63, 0x61, 0x66, 0xe9])),
    '/r1': (_req, res) => res.writeHead(302, { location: '/r2' }).end(),
    '/r2': (_req, res) => res.writeHead(301, { location: '/ok' }).end(),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop2' }).end(),
    '/loop2': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
    '/chain': (req, res) => {
      const n = Number(new URL(req.url ?? '', 'http://x').searchParams.get('n') ?? 0);
      res.writeHead(302, { location: `/chain?n=${n + 1}` }).end();
    },
    '/post-303': (_req, res) => res.writeHead(303, { location: '/echo' }).end(),
    '/429': (_req, res) => {
      attempts429++;
      if (attempts429 % 2 === 1) res.writeHead(429, { 'retry-after': '1' }).end('slow down');
      else res.writeHead(200).end('after wait');
    },
    '/429-long': (_req, res) => res.writeHead(429, { 'retry-after': '120' }).end(),
    '/503-once': (_req, res) => {
      attempts503++;
      res.writeHead(attempts503 === 1 ? 503 : 200).end('ok now');
    },
    '/hang': () => {},
    '/reset': (req) => req.socket.destroy(),
    '/slow': (_req, res) => setTimeout(() => res.writeHead(200).end('slow'), 100),
    '/to-internal': (_req, res) => res.writeHead(302, { location: `${server.url}/internal` }).end(),
    '/to-metadata': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-localhost': (_req, res) => res.writeHead(301, { location: `http://localhost:${server.port}/internal` }).end(),
    '/internal': (_req, res) => res.writeHead(200).end('internal'),
  });
});
afterAll(() => server.close());

const get = (path: string, extra: Partial<CheckRequest> = {}): CheckRequest => ({
  method: 'GET',
  url: `${server.url}${path}`,
  headers: {},
  followRedirects: true,
  ...extra,
});

describe('transport', () => {
  const transport = createTransport({ ...LOOPBACK, timeoutMs: 3_000 });
  afterAll(() => transport.close());

  it('sends the descriptive default User-Agent, but keeps a catalogue one', async () => {
    const plain = await transport.send(get('/ok'));
    expect(plain.ok && plain.response.body).toBe(`ua=${DEFAULT_USER_AGENT}`);
    const custom = await transport.send(get('/ok', { headers: { 'User-Agent': 'SiteNeedsThis/1' } }));
    expect(custom.ok && custom.response.body).toBe('ua=SiteNeedsThis/1');
  });

  it('keeps the connection after a HEAD request for the next request to the host', async () => {
    const own = createTransport({ ...LOOPBACK, timeoutMs: 3_000 });
    const before = server.connections();
    for (const method of ['HEAD', 'HEAD', 'GET'] as const) {
      const result = await own.send(get('/ok', { method }));
      expect(result.ok && result.response.status).toBe(200);
      // undici hands a connection to the next request one event-loop turn after the response ends.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(server.connections() - before).toBe(1);
    await own.close();
  });

  it('reads at most maxBodyBytes of a large body and says it was truncated', async () => {
    const result = await transport.send(get('/big'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.response.body.length).toBe(256 * 1024);
    expect(result.response.truncated).toBe(true);
  });

  it('caps a gzip bomb at the same budget', async () => {
    const before = process.memoryUsage().rss;
    const result = await transport.send(get('/bomb'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.response.body.length).toBe(256 * 1024);
    expect(result.response.truncated).toBe(true);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('decodes brotli, zlib and raw deflate, and the declared charset', async () => {
    const bodies = await Promise.all(['/br', '/deflate', '/rawdeflate', '/latin1'].map((p) => transport.send(get(p))));
    expect(bodies.map((r) => r.ok && r.response.body)).toEqual(['hello br', 'zlib', 'raw deflate', 'café']);
  });

  it('follows redirects only when the rule says so', async () => {
    const followed = await transport.send(get('/r1'));
    expect(followed.ok && [followed.response.status, followed.response.redirects]).toEqual([200, 2]);
    expect(followed.ok && followed.response.finalUrl).toBe(`${server.url}/ok`);
    const kept = await transport.send(get('/r1', { followRedirects: false }));
    expect(kept.ok && [kept.response.status, kept.response.headers.location]).toEqual([302, '/r2']);
  });

  it('turns a 303 after POST into a GET without body', async () => {
    const result = await transport.send(get('/post-303', { method: 'POST', body: 'user=x' }));
    expect(result.ok && result.response.body).toBe('GET ');
  });

  it('reports redirect loops and overlong chains as redirect_loop', async () => {
    const loop = await transport.send(get('/loop'));
    expect(!loop.ok && loop.error.code).toBe('redirect_loop');
    server.requests.length = 0;
    const chain = await transport.send(get('/chain?n=0'));
    expect(!chain.ok && chain.error.code).toBe('redirect_loop');
    expect(server.requests.length).toBe(6); // the first request + 5 redirects
  });

  it('waits out a short Retry-After and then succeeds', async () => {
    attempts429 = 0;
    const started = Date.now();
    const result = await transport.send(get('/429'));
    expect(result.ok && result.response.body).toBe('after wait');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.notes.join()).toContain('Retry-After 1.0 s');
  });

  it('gives rate_limited at once when Retry-After exceeds the budget', async () => {
    const started = Date.now();
    const result = await transport.send(get('/429-long'));
    expect(!result.ok && result.error.code).toBe('rate_limited');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('times a hanging site out within the budget', async () => {
    const started = Date.now();
    const result = await transport.send(get('/hang'), { timeoutMs: 400 });
    expect(!result.ok && result.error.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('retries a reset once, then reports network', async () => {
    server.requests.length = 0;
    const result = await transport.send(get('/reset'));
    expect(!result.ok && result.error.code).toBe('network');
    expect(server.requests.filter((r) => r.url === '/reset')).toHaveLength(2);
  });

  it('retries a 503 once for GET', async () => {
    attempts503 = 0;
    const result = await transport.send(get('/503-once'));
    expect(result.ok && result.response.status).toBe(200);
  });

  it('asks again on a fresh connection when a HEAD body sent late garbles the next answer', async () => {
    // A broken server: its HEAD answer carries a body, which reaches the reused connection only after
    // the next request went out, so that request's answer starts with stray bytes.
    let connections = 0;
    const broken = net.createServer((socket) => {
      connections++;
      let stray = '';
      let buffered = '';
      socket.on('data', (data) => {
        buffered += data.toString('latin1');
        for (let end = buffered.indexOf('\r\n\r\n'); end >= 0; end = buffered.indexOf('\r\n\r\n')) {
          const head = buffered.slice(0, end);
          buffered = buffered.slice(end + 4);
          socket.write(`${stray}HTTP/1.1 200 OK\r\ncontent-length: 7\r\n\r\n`);
          stray = head.startsWith('HEAD') ? 'profile' : '';
          if (!head.startsWith('HEAD')) socket.write('profile');
        }
      });
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(broken.address() as net.AddressInfo).port}/u/alice`;
    const own = createTransport({ ...LOOPBACK, timeoutMs: 3_000 });
    try {
      expect(await own.send(get('', { url, method: 'HEAD' }))).toMatchObject({ ok: true });
      await new Promise((resolve) => setImmediate(resolve));
      const next = await own.send(get('', { url }));
      expect(next).toMatchObject({ ok: true, response: { status: 200, body: 'profile' } });
      expect(next.notes).toEqual(['retried after network']);
      expect(connections).toBe(2);
    } finally {
      await own.close();
      broken.close();
    }
  });

  it('does not repeat a POST whose answer is garbled', async () => {
    const garbled = net.createServer((socket) => {
      socket.once('data', () => socket.write('garbage\r\n\r\n'));
    });
    await new Promise<void>((resolve) => garbled.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(garbled.address() as net.AddressInfo).port}/`;
    let accepted = 0;
    garbled.on('connection', () => accepted++);
    try {
      const result = await transport.send(get('', { url, method: 'POST', body: 'x' }));
      expect(!result.ok && result.error.code).toBe('network');
      expect(accepted).toBe(1);
    } finally {
      garbled.close();
    }
  });

  it('maps an unresolvable host to dns and a closed port to network', async () => {
    const dns = await transport.send(get('', { url: 'http://does-not-exist.invalid/' }));
    expect(!dns.ok && dns.error.code).toBe('dns');
    const refused = await transport.send(get('', { url: 'http://127.0.0.1:1/' }));
    expect(!refused.ok && refused.error.code).toBe('network');
  });
});

describe('limits and cancellation', () => {
  it('never exceeds the per-host limit', async () => {
    const transport = createTransport({ ...LOOPBACK, perHostConcurrency: 3 });
    const results = await Promise.all(Array.from({ length: 15 }, () => transport.send(get('/slow'))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(server.peak('/slow')).toBe(3);
    await transport.close();
  });

  it('cancels everything in flight and closes the sockets promptly', async () => {
    const transport = createTransport({ ...LOOPBACK, timeoutMs: 30_000 });
    const controller = new AbortController();
    const pending = Array.from({ length: 8 }, () => transport.send(get('/hang'), { signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.openSockets()).toBeGreaterThanOrEqual(4);
    const started = Date.now();
    controller.abort();
    const results = await Promise.all(pending);
    expect(results.map((r) => !r.ok && r.error.code)).toEqual(Array(8).fill('cancelled'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.openSockets()).toBe(0);
    expect(Date.now() - started).toBeLessThan(500);
    await transport.close();
  });
});

describe('SOCKS5', () => {
  it('socks5h hands the hostname to the proxy; socks5 resolves locally', async () => {
    const socks = await startFixtureSocks(server.port);
    const remote = createTransport({ proxy: socks.url('socks5h') });
    const viaName = await remote.send(get('', { url: 'http://profile.example.test/ok' }));
    expect(viaName.ok && viaName.response.status).toBe(200);
    expect(socks.destinations).toEqual(['profile.example.test:80']);
    const local = createTransport({ ...LOOPBACK, proxy: socks.url('socks5') });
    const viaIp = await local.send(get('', { url: 'http://localhost/ok' }));
    expect(viaIp.ok && viaIp.response.status).toBe(200);
    expect(socks.destinations[1]).toMatch(/^(127\.0\.0\.1|ipv6):80$/);
    await Promise.all([remote.close(), local.close(), socks.close()]);
  });
});

describe('configuration', () => {
  it('rejects bad options with typed errors', () => {
    expect(() => resolveTransportOptions({ perHostConcurrency: 0 })).toThrow(/perHostConcurrency/);
    expect(() => createTransport({ proxy: 'ftp://x' })).toThrow(expect.objectContaining({ code: 'invalid_proxy' }));
    expect(() => createTransport({ caFile: '/nonexistent.pem' })).toThrow(expect.objectContaining({ code: 'ca_file' }));
  });
});

describe('public addresses only (decision 096)', () => {
  const internalHits = () => server.requests.filter((r) => r.url === '/internal').length;

  it('refuses a URL at a loopback or metadata address without connecting', async () => {
    const transport = createTransport({ timeoutMs: 3_000 });
    const before = server.connections();
    for (const url of [`${server.url}/internal`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/']) {
      const result = await transport.send(get('', { url }));
      expect(!result.ok && result.error.code, url).toBe('blocked_address');
    }
    expect(server.connections()).toBe(before);
    expect(internalHits()).toBe(0);
    await transport.close();
  });

  it('refuses every redirect hop to an internal address, through a proxy on loopback too', async () => {
    const socks = await startFixtureSocks(server.port);
    const transport = createTransport({ proxy: socks.url('socks5h'), timeoutMs: 3_000 });
    for (const path of ['/to-internal', '/to-metadata', '/to-localhost']) {
      const result = await transport.send(get('', { url: `http://public.example.test${path}` }));
      expect(!result.ok && result.error.code, path).toBe('blocked_address');
    }
    // The public-looking host was asked (through the proxy); no hop reached the internal addresses.
    expect(socks.destinations).toEqual(['public.example.test:80']);
    expect(internalHits()).toBe(0);
    await Promise.all([transport.close(), socks.close()]);
  });

  it('checks the address a custom connector dialled before sending a byte', async () => {
    const dialLoopback: buildConnector.connector = (_options, callback) => {
      const socket = net.connect(server.port, '127.0.0.1');
      socket.once('connect', () => callback(null, socket));
      socket.once('error', (error) => callback(error, null));
    };
    const guarded = createTransport({ connect: dialLoopback, timeoutMs: 3_000 });
    const refused = await guarded.send(get('', { url: 'http://public.example.test/internal' }));
    expect(!refused.ok && refused.error.code).toBe('blocked_address');
    expect(internalHits()).toBe(0);
    const allowed = createTransport({ ...LOOPBACK, connect: dialLoopback, timeoutMs: 3_000 });
    const reached = await allowed.send(get('', { url: 'http://public.example.test/internal' }));
    expect(reached.ok && reached.response.body).toBe('internal');
    await Promise.all([guarded.close(), allowed.close()]);
  });

  it('reaches internal addresses, redirects included, when allowed', async () => {
    const transport = createTransport({ ...LOOPBACK, timeoutMs: 3_000 });
    const result = await transport.send(get('/to-internal'));
    expect(result.ok && result.response.body).toBe('internal');
    await transport.close();
  });
});
