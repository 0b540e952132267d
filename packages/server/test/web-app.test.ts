/** Serving the built SPA from the same origin without ever shadowing the API. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { appDeps } from '../src/services.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

/**
 * The checks a default email search asks, read from the shipped catalogue itself (it grows as checks are
 * added): every one but the adult ones, which a search asks only when it says so (decision 106).
 */
const SHIPPED_EMAIL_CHECKS = (
  JSON.parse(fs.readFileSync(new URL('../../engine/catalogues/email.json', import.meta.url), 'utf8')) as {
    checks: Array<{ adult?: boolean }>;
  }
).checks.filter((check) => !check.adult).length;

const embedded = MODES.find((m) => !m.scale)!;
const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-1234.js"></script></body></html>';

describe('web app hosting', () => {
  let net: TestInternet;
  let stack: Stack;
  let built: FastifyInstance;
  let unbuilt: FastifyInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    net = await startTestInternet({ sites: 2 });
    stack = await startStack(embedded, {
      createEngine: net.createEngine(),
      noApp: true,
      env: {
        BRAND_NAME: 'Hound Test',
        RETENTION_DAYS: '14',
        CONTACT_EMAIL: 'ops@hound.test',
        SPONSORED: JSON.stringify([{ id: 'one', title: 'One', url: 'https://one.example/' }]),
      },
    });
    const deps = appDeps(stack.services, stack.config);
    built = await buildApp({ ...deps, options: { ...deps.options, webDistDir: dist } });
    unbuilt = await buildApp({ ...deps, options: { ...deps.options, webDistDir: path.join(dist, 'missing') } });
  });
  afterAll(async () => {
    await built?.close();
    await unbuilt?.close();
    await stack?.close();
    await net?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/username-search',
    '/library',
    '/library/what-is-osint',
    '/terms',
    '/privacy',
    '/contact',
    '/licenses',
    '/email-search',
    '/dashboard/credits',
  ])('answers %s with the app (history fallback)', async (url) => {
    const res = await built.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a stored search page preloads its status with the page; no other page preloads anything', async () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    const page = await built.inject({ url: `/search/${id}`, headers: { accept: 'text/html' } });
    expect(page.body).toBe(INDEX);
    expect(page.headers.link).toBe(`</api/search/status/${id}>; rel=preload; as=fetch; crossorigin`);
    for (const url of [`/search/${id}/graph`, '/search/short', '/', '/email-search/AbCdEfGhIjKlMnOpQrStUv'])
      expect((await built.inject({ url, headers: { accept: 'text/html' } })).headers.link).toBeUndefined();
  });

  it('serves real files, hashed assets cached for a year', async () => {
    const asset = await built.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await built.inject({ url: '/robots.txt' })).body).toBe('User-agent: *');
    const missing = await built.inject({ url: '/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('never shadows API paths: unknown ones are JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['GET', '/api'],
      ['POST', '/api/search/extra'],
      ['GET', '/api/search/status'],
      ['POST', '/library'],
    ] as const) {
      const res = await built.inject({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toMatchObject({ status: 'error', code: 'NOT_FOUND' });
    }
    expect((await built.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await built.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
  });

  it('tells the web app the operator settings at /api/config', async () => {
    const res = await built.inject({ url: '/api/config' });
    expect(res.json()).toEqual({
      brand_name: 'Hound Test',
      retention_days: 14,
      site_count: 2,
      categories: [expect.objectContaining({ sites: 2 })],
      contact_email: 'ops@hound.test',
      sponsored: [{ id: 'one', title: 'One', url: 'https://one.example/' }],
      email_results_min_seconds: 0,
      email_check_count: SHIPPED_EMAIL_CHECKS,
    });
  });

  it('publishes the OpenAPI document and its UI at /api/docs', async () => {
    const doc = (await built.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/search',
        '/api/search/status/{id}',
        '/api/search/{id}/events',
        '/api/search/{id}',
        '/api/sites',
      ]),
    );
    // Email Plus is a subscription (decision 108); `mode: payment` is for credit packs only (decision 134).
    const checkout: string = doc.paths['/billing/checkout'].post.description;
    expect(checkout).toMatch(/plus: subscription/);
    expect(checkout).toMatch(/credits: payment/);
    expect(checkout).not.toMatch(/plus: payment/);
    const ui = await built.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    // Hound's mark replaces Fastify's logo in the page's top bar.
    const init = await built.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain(`data:image/svg+xml;base64,${Buffer.from('<svg').toString('base64').slice(0, 4)}`);
    expect(init.body).toContain("img.href = '/'");
  });

  it('says the web app is not built when the dist folder is missing, and keeps the API working', async () => {
    const res = await unbuilt.inject({ url: '/library/x', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('web app is not built');
    expect(res.body).toContain('npm start');
    expect((await unbuilt.inject({ url: '/api/nothing' })).statusCode).toBe(404);
    expect((await unbuilt.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
