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
