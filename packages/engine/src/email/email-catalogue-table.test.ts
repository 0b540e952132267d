/**
 * Issue 26 item 4, table-driven over every shipped check: its own registered and unregistered example
 * answers give found and not found (judged, and served by the testkit through the real transport), and the
 * standard hostile set — vendor challenge pages, 429, empty and shape-less answers, an app's catch-all page,
 * a redirect to a login page, resets, hangs, bad certificates — gives `unknown` for every check.
 */
import { readFileSync } from 'node:fs';
import {
  type EmailCheckEntry,
  type Fault,
  type Internet,
  serveEmailChecks,
  startInternet,
  WALL_KINDS,
  wallPage,
  wallVariants,
} from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type HoundEngine } from '../engine.ts';
import type { EmailResult } from '../model.ts';
import { judgeEmail } from './judge-email.ts';
import { judgeAnswer } from './lint-email-check.ts';
import { BUNDLED_EMAIL_CATALOGUE, parseEmailCatalogue } from './load-email-catalogue.ts';

const raw = JSON.parse(readFileSync(BUNDLED_EMAIL_CATALOGUE, 'utf8')) as { checks: EmailCheckEntry[] };
const checks = parseEmailCatalogue(raw, 'shipped');
const REGISTERED = 'table.person@example.com';
const UNREGISTERED = 'nobody.table@example.com';
const EVERYTHING = { loud: true, adult: true, keys: { HIBP_API_KEY: 'test-key' } };

/** Every host a check talks to. */
const hosts = [
  ...new Set(
    checks
      .flatMap((c) => [...c.requests.map((r) => r.url), ...(c.prefetch ? [c.prefetch.url] : [])])
      .map((url) => new URL(url.replace(/\{[a-z0-9_]+\}/g, 'x')).hostname),
  ),
];

/** Answers that are no site's real answer, beyond the testkit's walls: catch-all pages and shape-less JSON. */
const SHAPELESS: Array<[string, number, string, string]> = [
  ['an empty 200', 200, 'text/html', ''],
  ['{}', 200, 'application/json', '{}'],
  ['null', 200, 'application/json', 'null'],
  ['[]', 200, 'application/json', '[]'],
  ['a generic ok envelope', 200, 'application/json', '{"status":"ok","success":true,"data":{}}'],
  ['a generic error envelope', 200, 'application/json', '{"error":"Bad request","message":"invalid"}'],
  ['a list of nothing in particular', 200, 'application/json', '[{"id":1}]'],
  [
    "an app's catch-all page",
    200,
    'text/html',
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title><link rel="manifest" href="/manifest.json"></head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/static/js/main.4f1c.js"></script></body></html>',
  ],
  ['a 500 page', 500, 'text/html', '<html><body><h1>Internal Server Error</h1></body></html>'],
  ['a bare 302', 302, 'text/html', ''],
];

let internet: Internet;
let engine: HoundEngine;

async function search(email: string, timeoutMs = 20_000): Promise<Map<string, EmailResult>> {
  const results = new Map<string, EmailResult>();
  for await (const { result } of engine.searchEmail(email, { ...EVERYTHING, timeoutMs }))
    results.set(result.checkId, result);
  return results;
}

beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  const sites = serveEmailChecks(internet, raw.checks);
  expect(sites.skipped).toEqual([]);
  sites.register(REGISTERED);
  engine = await createEngine({ checks: [], connect: internet.connect, allowPrivateAddresses: true, retries: 0 });
});
afterAll(async () => {
  await engine?.close();
  await internet?.close();
});

describe.each(checks.map((c) => [c.id, c] as const))('email check %s', (_, check) => {
  it('has registered and unregistered example answers that its rules judge found and not found', () => {
    expect(check.answers.registered.length).toBeGreaterThan(0);
    expect(check.answers.unregistered.length).toBeGreaterThan(0);
    for (const answer of check.answers.registered) expect(judgeAnswer(check, answer)).toBe('found');
    for (const answer of check.answers.unregistered) expect(judgeAnswer(check, answer)).toBe('not_found');
  });

  it('answers unknown to every hostile page (walls, challenges, empty and shape-less answers, catch-all pages)', () => {
    const url = new URL(check.requests[0]!.url.replace(/\{[a-z0-9_]+\}/g, 'x'));
    const pages = [
      ...WALL_KINDS.flatMap((kind) =>
        Array.from({ length: wallVariants(kind) }, (_, v) => ({
          name: `${kind} ${v}`,
          ...wallPage(kind, v, { host: url.hostname, path: url.pathname, id: 'abc123' }),
        })),
      ),
      ...SHAPELESS.map(([name, status, type, body]) => ({ name, status, headers: { 'content-type': type }, body })),
    ];
    const judged = pages.map((p) => {
      const outcome = judgeEmail(check, {
        status: p.status,
        headers: p.headers,
        body: p.body.toString(),
        finalUrl: url.href,
        redirects: 0,
        truncated: false,
      });
      return [p.name, outcome.verdict];
    });
    expect(judged.filter(([, verdict]) => verdict !== 'unknown')).toEqual([]);
  });
});

describe('the shipped checks against the testkit', () => {
  it('serve each check its own example answers: found for a registered address, not found for another', async () => {
    const found = await search(REGISTERED);
    const missing = await search(UNREGISTERED);
    expect(checks.map((c) => [c.id, found.get(c.id)?.verdict, missing.get(c.id)?.verdict])).toEqual(
      checks.map((c) => [c.id, 'found', 'not_found']),
    );
  }, 60_000);

  const faults: Array<[string, Fault, number]> = [
    ['a Cloudflare challenge', { kind: 'waf', vendor: 'cloudflare' }, 4000],
    ['a DDoS-Guard page', { kind: 'waf', vendor: 'ddos-guard' }, 4000],
    ['an AWS WAF block', { kind: 'waf', vendor: 'aws' }, 4000],
    ['a PerimeterX captcha', { kind: 'waf', vendor: 'perimeterx' }, 4000],
    ['429 with Retry-After', { kind: 'rate_limit', retryAfterS: 60 }, 4000],
    ['a redirect to the login page', { kind: 'redirect', location: '/login', wall: 'login' }, 4000],
    ['a connection reset', { kind: 'reset' }, 4000],
    ['a hang', { kind: 'hang' }, 1500],
    ['a bad certificate', { kind: 'bad_tls' }, 4000],
    ['a 503 for every request', { kind: 'status', status: 503 }, 4000],
  ];
  it.each(faults)(
    'answers unknown for every check behind %s',
    async (_, fault, timeoutMs) => {
      for (const host of hosts) internet.fault(host, fault);
      try {
        const results = await search(REGISTERED, timeoutMs);
        const confident = checks
          .map((c) => [c.id, results.get(c.id)?.verdict])
          .filter(([, verdict]) => verdict !== 'unknown');
        expect(confident).toEqual([]);
      } finally {
        for (const host of hosts) internet.fault(host, null);
      }
    },
    30_000,
  );
});
