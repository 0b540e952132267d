import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVERSARIAL_PAGES,
  type Internet,
  NOISY_PROFILE_VARIANTS,
  startInternet,
  WALL_KINDS,
  type WallKind,
  wallVariants,
} from '../src/index.ts';
import { fetchWith } from './helpers.ts';

let internet: Internet;
const host = 'walls.test';
const url = (path = '/u/alice') => `https://${host}${path}`;

beforeAll(async () => {
  internet = await startInternet({
    catalogues: [
      {
        format: 'sherlock',
        data: {
          Walls: {
            errorType: 'message',
            errorMsg: 'No such user',
            url: `https://${host}/u/{}`,
            urlMain: `https://${host}/`,
            username_claimed: 'alice',
          },
        },
      },
    ],
  });
});
afterEach(() => internet.fault(host, null));
afterAll(() => internet.close());

describe('hostile page faults', () => {
  it('every kind has several variants, none of them a profile or a "no such user" page', async () => {
    for (const wall of WALL_KINDS) {
      expect(wallVariants(wall), wall).toBeGreaterThanOrEqual(4);
      for (let variant = 0; variant < wallVariants(wall); variant++) {
        internet.fault(host, { kind: 'wall', wall, variant });
        const answer = await fetchWith(internet.dispatcher, url());
        expect(answer.body, `${wall} #${variant}`).not.toContain('No such user');
        expect(answer.body, `${wall} #${variant}`).not.toContain('<h1>alice</h1>');
      }
    }
  });

  it.each<[WallKind, number, number, string]>([
    ['login', 0, 200, 'type="password"'],
    ['consent', 0, 200, 'consent.youtube.com'],
    ['region', 0, 451, 'not available in your country'],
    ['empty', 0, 200, ''],
    ['rate_limit', 3, 400, 'Rate limit exceeded'],
    ['json_error', 0, 200, '"code":88'],
    ['challenge', 1, 200, 'anubis_challenge'],
    ['waf_reject', 0, 200, 'The requested URL was rejected'],
    ['odd_status', 1, 407, 'Cache Access Denied'],
  ])('%s #%i: status %i with realistic content', async (wall, variant, status, text) => {
    internet.fault(host, { kind: 'wall', wall, variant });
    const answer = await fetchWith(internet.dispatcher, url());
    expect(answer.status).toBe(status);
    expect(answer.body).toContain(text);
  });

  it('redirect: every path goes to the location, which serves the wall page', async () => {
    internet.fault(host, { kind: 'redirect', location: '/accounts/login/?next=%2Fu%2Falice' });
    const first = await fetchWith(internet.dispatcher, url());
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe(`https://${host}/accounts/login/?next=%2Fu%2Falice`);
    const page = await fetchWith(internet.dispatcher, String(first.headers.location));
    expect(page.status).toBe(200);
    expect(page.body).toContain('type="password"');
    internet.fault(host, { kind: 'redirect', location: 'https://elsewhere.test/x', status: 307 });
    const away = await fetchWith(internet.dispatcher, url());
    expect(away.status).toBe(307);
    expect(away.headers.location).toBe('https://elsewhere.test/x');
  });

  it('noisy_profile: the profile stays, with the decoration added', async () => {
    const plain = await fetchWith(internet.dispatcher, url());
    for (let variant = 0; variant < NOISY_PROFILE_VARIANTS; variant++) {
      internet.fault(host, { kind: 'noisy_profile', variant });
      const answer = await fetchWith(internet.dispatcher, url());
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('alice');
      expect(answer.body.length).toBeGreaterThan(plain.body.length);
    }
    internet.fault(host, { kind: 'noisy_profile', variant: 0 });
    expect((await fetchWith(internet.dispatcher, url())).headers['cf-ray']).toBeDefined();
    // A missing user's page keeps its marker.
    expect((await fetchWith(internet.dispatcher, url('/u/nobody'))).body).toContain('No such user');
  });

  it('rejects malformed new faults', () => {
    expect(() => internet.fault(host, { kind: 'wall', wall: 'nope' as WallKind })).toThrow(/INVALID_FAULT|wall must/);
    expect(() => internet.fault(host, { kind: 'redirect', location: '' })).toThrow(/location/);
    expect(() => internet.fault(host, { kind: 'noisy_profile', variant: -1 })).toThrow(/variant/);
  });
});

describe('adversarial corpus fault', () => {
  it('serves each page for every path, none a profile or a "no such user" page; unknown ids are refused', async () => {
    expect(new Set(ADVERSARIAL_PAGES.map((p) => p.id)).size).toBe(ADVERSARIAL_PAGES.length);
    expect(new Set(ADVERSARIAL_PAGES.map((p) => p.lang)).size).toBeGreaterThanOrEqual(8);
    for (const page of ADVERSARIAL_PAGES) {
      internet.fault(host, { kind: 'adversarial', page: page.id });
      for (const path of ['/u/alice', '/u/nobody-42']) {
        const answer = await fetchWith(internet.dispatcher, url(path));
        expect(answer.body, page.id).not.toContain('No such user');
        expect(answer.body, page.id).not.toContain('<h1>alice</h1>');
      }
    }
    // A hosting platform's 404 comes with the platform's headers, not the site's (decision 118).
    internet.fault(host, { kind: 'adversarial', page: 'paas-no-such-app' });
    const paas = await fetchWith(internet.dispatcher, url());
    expect(paas.headers).toMatchObject({ server: 'cowboy', via: '1.1 vegur' });
    internet.fault(host, { kind: 'adversarial', page: 'static-host-site-not-found' });
    expect(Object.keys((await fetchWith(internet.dispatcher, url())).headers)).toEqual(
      expect.arrayContaining(['x-github-request-id', 'x-served-by', 'x-fastly-request-id']),
    );
    internet.fault(host, { kind: 'adversarial', page: 'image-instead-of-page' });
    const image = await fetchWith(internet.dispatcher, url());
    expect(image.headers['content-type']).toBe('image/png');
    expect(() => internet.fault(host, { kind: 'adversarial', page: 'no-such-page' })).toThrow(/ADVERSARIAL_PAGES/);
  });
});
