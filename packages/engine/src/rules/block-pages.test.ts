import { describe, expect, it } from 'vitest';
import type { CheckResponse } from '../model.ts';
import { BLOCK_FINGERPRINTS, detectBlockPage } from './block-pages.ts';

function res(status: number, body: string, headers: Record<string, string> = {}): CheckResponse {
  return { status, body, headers, finalUrl: 'https://b.test/', redirects: 0, truncated: false };
}

describe('detectBlockPage', () => {
  it('recognises every fingerprint, with its reason', () => {
    for (const fingerprint of BLOCK_FINGERPRINTS) {
      const extra = fingerprint.with ? `<p>${fingerprint.with[0]}</p>` : '';
      const page =
        fingerprint.in === 'json'
          ? (([key, value]) => JSON.stringify({ [key as string]: value }))(fingerprint.marker.split('='))
          : fingerprint.in === 'title'
            ? `<html><head><title>${fingerprint.marker}</title></head><body>${extra}</body></html>`
            : `<html>${fingerprint.marker}${extra}</html>`;
      const found = detectBlockPage(res(200, page));
      expect(found?.vendor, fingerprint.marker).toBe(fingerprint.vendor);
      expect(found?.reason, fingerprint.marker).toBe(fingerprint.reason ?? 'blocked');
    }
  });
  it.each([
    [
      'Cloudflare',
      '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><script>window._cf_chl_opt={}</script>',
    ],
    [
      'DDoS-Guard',
      '<html><head><title>DDoS-Guard</title></head><div>Checking your browser before accessing the website.</div>',
    ],
    ['AWS WAF', '<script>AwsWafIntegration.forceRefreshToken()</script>'],
    ['DataDome', '<iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=x"></iframe>'],
  ])('%s challenge page', (vendor, body) => {
    expect(detectBlockPage(res(403, body))?.vendor).toBe(vendor);
  });
  it('uses vendor headers when there is no body (HEAD)', () => {
    expect(detectBlockPage(res(403, '', { 'cf-mitigated': 'challenge' }))?.vendor).toBe('Cloudflare');
    expect(detectBlockPage(res(405, '', { 'X-Amzn-Waf-Action': 'captcha' }))?.vendor).toBe('AWS WAF');
    expect(detectBlockPage(res(403, '', { Server: 'ddos-guard' }))?.vendor).toBe('DDoS-Guard');
    // DDoS-Guard also fronts ordinary pages: its header alone on a 200 or 404 is no block.
    expect(detectBlockPage(res(200, '', { server: 'ddos-guard' }))).toBeUndefined();
    expect(detectBlockPage(res(404, '', { server: 'ddos-guard' }))).toBeUndefined();
  });
  it('a captcha widget is a wall only with a wall phrase or an error status', () => {
    const widget = '<div class="g-recaptcha" data-sitekey="k"></div>';
    expect(detectBlockPage(res(200, `<form>login ${widget}</form>`))).toBeUndefined();
    expect(detectBlockPage(res(200, `<h1>Please verify you are human</h1>${widget}`))?.vendor).toBe('reCAPTCHA wall');
    expect(detectBlockPage(res(403, widget))?.vendor).toBe('reCAPTCHA wall');
  });
  it('normal pages behind a vendor are not block pages', () => {
    expect(
      detectBlockPage(
        res(200, '<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script><h1>alice</h1>'),
      ),
    ).toBeUndefined();
    expect(
      detectBlockPage(res(200, 'Powered by Cloudflare. cf-ray: 123. Enable JavaScript for the best experience.')),
    ).toBeUndefined();
  });
});

describe('walls written apart from the testkit (decision 082)', () => {
  const html = { 'content-type': 'text/html; charset=utf-8' };
  it.each<[string, number, string, string]>([
    [
      'LinkedIn-style sign-up wall',
      200,
      '<html><head><title>Sign Up | LinkedIn</title></head><body><h1>Join LinkedIn</h1><form><input name="session_key"><input type="password" name="session_password"><button>Agree &amp; Join</button></form></body></html>',
      'login_wall',
    ],
    [
      'Cloudflare 1015 rate limit',
      429,
      '<html><head><title>Access denied | example.com used Cloudflare to restrict access</title></head><body><div id="cf-error-details"><h1>Error 1015</h1><h2>You are being rate limited</h2></div></body></html>',
      'rate_limited',
    ],
    [
      'US-state block',
      200,
      '<html><body><h1>Sorry!</h1><p>This website is not available in your state due to local age verification laws.</p></body></html>',
      'region_blocked',
    ],
    [
      'Cloudflare block page',
      403,
      '<html><head><title>Attention Required!</title></head><body><h1>Sorry, you have been blocked</h1><p>You are unable to access example.com</p></body></html>',
      'blocked',
    ],
    [
      'GitHub API rate limit in JSON',
      200,
      '{"message":"API rate limit exceeded for 203.0.113.7. (But here\'s the good news: Authenticated requests get a higher rate limit.)","documentation_url":"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"}',
      'rate_limited',
    ],
  ])('%s', (_name, status, body, reason) => {
    expect(detectBlockPage({ ...res(status, body, html) }, { username: 'alice' })?.reason).toBe(reason);
  });

  it('false alarms: real profiles carrying vendor markup, captcha forms and quoted phrases', () => {
    const profile = (extra: string) =>
      `<html><head><title>alice (Alice Liddell) · Example</title></head><body><nav><a href="/login">Sign in</a></nav><h1>alice</h1>${extra}</body></html>`;
    for (const extra of [
      '<form action="/session"><input type="password" name="p"><div class="g-recaptcha" data-sitekey="k"></div><button>Log in</button></form>',
      '<div class="cf-turnstile" data-sitekey="0x4"></div><script src="https://challenges.cloudflare.com/turnstile/v0/api.js"></script>',
      '<p>Bio: I screenshot &quot;Checking your browser before accessing&quot; pages and &quot;Too many requests&quot; errors. Please verify you are human.</p><div class="h-captcha"></div>',
      '<div id="onetrust-consent-sdk"><button>Accept all cookies</button></div>',
      '<p>Quote of the day: &quot;This content is not available in your country&quot;. Log in to see more.</p>',
    ]) {
      expect(
        detectBlockPage(res(200, profile(extra), { server: 'cloudflare', 'cf-ray': '1-AMS', 'x-iinfo': '1' }), {
          username: 'alice',
        }),
      ).toBeUndefined();
    }
  });

  it('a JSON status equal to a status the catalogue names is its answer, not a wall', () => {
    const body = '{"status":404,"error":"Not Found"}';
    expect(detectBlockPage(res(404, body))).toBeUndefined();
    expect(detectBlockPage(res(403, '{"code":403,"message":"Private"}'), { allowStatus: [403] })).toBeUndefined();
    expect(detectBlockPage(res(200, '{"code":403,"message":"Private"}'), { allowStatus: [403] })?.reason).toBe(
      'blocked',
    );
  });
});
