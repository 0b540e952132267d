/**
 * Issue 25 item 11 (decision 096): nothing the server fetches — username checks and their redirects, the
 * favicon proxy — reaches loopback, private or link-local addresses unless HOUND_ALLOW_PRIVATE_ADDRESSES.
 * The engine and the favicon dispatcher are built from the environment exactly as main.ts builds them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SearchStatusResponseSchema } from '@hound/contracts';
import { type Internet, startInternet } from '@hound/testkit';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFactory } from '../src/catalogues/engine-factory.ts';
import { readConfig } from '../src/env.ts';
import { createLogger } from '../src/logger.ts';
import { injectClient, untilEnded } from './support/http-client.ts';
import { type Child, freePort, runEntry, seedDatabase } from './support/processes.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 9)]);
const entry = (url: string) => ({ url, urlMain: new URL(url).origin, errorType: 'status_code', username_claimed: 'a' });

let dir: string;
let internet: Internet;
let catalogueFile: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-ssrf-'));
  internet = await startInternet({ catalogues: [], dir });
  // Public-looking sites that point inwards, and a fake metadata service the testkit would serve to anyone
  // who asked it.
  internet.route('redirector.example', '/to-metadata/*', () => ({
    status: 302,
    headers: { location: 'http://169.254.169.254/latest/meta-data/' },
  }));
  // The page names the profile it shows: a page that ignores the name is `indistinguishable` (decision 100).
  // Only blue and the catalogue's known account (a) have a profile: a page every name gets is `indistinguishable` after the never-registered control
  // (decision 127).
  internet.route('redirector.example', '/profile/*', (req) =>
    /\/profile\/(blue|a)$/.test(req.url)
      ? { status: 200, body: `a profile: ${req.url}` }
      : { status: 404, body: 'no such profile' },
  );
  internet.route('icons.example', '/favicon.ico', () => ({
    status: 302,
    headers: { location: 'http://169.254.169.254/latest/icon.png' },
  }));
  internet.route('169.254.169.254', '/latest/*', () => ({
    status: 200,
    headers: { 'content-type': 'image/png' },
    body: PNG,
  }));
  catalogueFile = path.join(dir, 'sherlock.json');
  fs.writeFileSync(
    catalogueFile,
    JSON.stringify({
      RedirectMetadata: entry('https://redirector.example/to-metadata/{}'),
      Metadata: entry('http://169.254.169.254/latest/{}'),
      Public: entry('https://redirector.example/profile/{}'),
      Icons: entry('https://icons.example/u/{}'),
    }),
  );
});
afterAll(async () => {
  await internet?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A stack configured only through the environment, through the testkit's proxy as a deployment would be. */
async function stackWith(extra: Record<string, string>): Promise<Stack> {
  const env = {
    HOUND_PROXY: internet.proxyUrl,
    HOUND_CA_FILE: internet.caFile,
    HOUND_CATALOGUES: catalogueFile,
    SEARCH_THREADS: '0',
    ...extra,
  };
  const engineDir = fs.mkdtempSync(path.join(dir, 'engine-'));
  return startStack(MODES[0]!, {
    createEngine: engineFactory(readConfig({ ...env, DATA_DIR: engineDir }, engineDir), createLogger('silent')),
    env,
  });
}

describe('the server on default settings, behind a proxy', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await stackWith({});
  });
  afterAll(() => stack?.close());

  it('a username check redirected to the metadata address, or listed at it, is unknown blocked_address; nothing asks it', async () => {
    internet.log.reset();
    const call = injectClient(stack.app);
    const started = await call('POST', '/api/search', { username: 'blue', device_id: 'device_ssrf' });
    const final = SearchStatusResponseSchema.parse(await untilEnded(call, started.json.search_id));
    const results = final.result!.results;
    for (const name of ['RedirectMetadata', 'Metadata']) {
      expect(results[name], name).toMatchObject({ verdict: 'unknown', reason: 'blocked_address', found: false });
      expect(results[name]!.evidence.status, name).toBeUndefined();
    }
    expect(results.Public).toMatchObject({ verdict: 'found' });
    expect(internet.log.count('redirector.example')).toBeGreaterThan(0);
    expect(internet.log.count('169.254.169.254')).toBe(0);
  });

  it('the favicon proxy fetches no internal address, directly or through a redirect', async () => {
    internet.log.reset();
    const viaRedirect = await stack.app.inject({ url: '/api/favicon/icons.example' });
    expect(viaRedirect.statusCode).toBe(404);
    const direct = await stack.app.inject({ url: '/api/favicon/169.254.169.254' });
    expect(direct.statusCode).toBe(404);
    expect(internet.log.count('icons.example')).toBe(1);
    expect(internet.log.count('169.254.169.254')).toBe(0);
  });
});

describe('HOUND_ALLOW_PRIVATE_ADDRESSES=true', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await stackWith({ HOUND_ALLOW_PRIVATE_ADDRESSES: 'true' });
  });
  afterAll(() => stack?.close());

  it('lets the operator reach internal addresses on purpose', async () => {
    const icon = await stack.app.inject({ url: '/api/favicon/icons.example' });
    expect(icon.statusCode).toBe(200);
    expect(icon.rawPayload.equals(PNG)).toBe(true);
    const call = injectClient(stack.app);
    const started = await call('POST', '/api/search', { username: 'blue', device_id: 'device_allowed' });
    const final = SearchStatusResponseSchema.parse(await untilEnded(call, started.json.search_id));
    // Reached: the check saw the metadata service's answer (and judged it no profile).
    expect(final.result!.results.RedirectMetadata!.evidence).toMatchObject({
      status: 200,
      final_url: 'http://169.254.169.254/latest/meta-data/',
    });
  });
});

describe('the server process, direct (no proxy)', () => {
  const children: Child[] = [];
  afterAll(async () => {
    for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
  });

  /** Starts main.ts with a catalogue whose one entry is the server's own /readyz; returns that result. */
  async function searchOwnReadyz(extra: Record<string, string>) {
    const port = await freePort();
    const selfCatalogue = path.join(dir, `self-${port}.json`);
    fs.writeFileSync(selfCatalogue, JSON.stringify({ Self: entry(`http://127.0.0.1:${port}/readyz?u={}`) }));
    const child = runEntry('main', {
      DATA_DIR: seedDatabase(fs.mkdtempSync(path.join(dir, 'main-'))),
      PORT: String(port),
      HOUND_CATALOGUES: selfCatalogue,
      HEALTH_CHECK_INTERVAL_HOURS: '0',
      CATALOGUE_REFRESH_HOURS: '0',
      ...extra,
    });
    children.push(child);
    await child.waitForOutput('Hound server ready', 60_000);
    const base = `http://127.0.0.1:${port}`;
    const post = await request(`${base}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'blue', device_id: 'device_self' }),
    });
    const { search_id: id } = (await post.body.json()) as { search_id: string };
    for (let i = 0; i < 300; i++) {
      const status = (await (await request(`${base}/api/search/status/${id}`)).body.json()) as {
        status: string;
        result?: { results: Record<string, { verdict: string; reason?: string; evidence: { status?: number } }> };
      };
      if (status.status !== 'queued' && status.status !== 'running') {
        child.process.kill('SIGTERM');
        await child.exited;
        return status.result?.results.Self;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the search did not end');
  }

  it('cannot reach its own /readyz through a catalogue entry on default settings, and can when allowed', async () => {
    const refused = await searchOwnReadyz({});
    expect(refused).toMatchObject({ verdict: 'unknown', reason: 'blocked_address' });
    expect(refused!.evidence.status).toBeUndefined();
    const allowed = await searchOwnReadyz({ HOUND_ALLOW_PRIVATE_ADDRESSES: 'true' });
    expect(allowed!.evidence.status).toBeTypeOf('number');
  }, 180_000);
});
