import type { CannedResponse } from './waf-pages.ts';

/**
 * Real profile pages carry things naive block detectors mistake for walls: CDN/WAF vendor headers and
 * scripts, login forms with captcha widgets, Turnstile on comment forms, cookie banners, and users' own
 * text quoting challenge phrases. Each variant adds one such layer to a profile page; a checker must still
 * call it `found`.
 */
interface Decoration {
  headers: Record<string, string>;
  /** HTML put at the start of the body. */
  top: string;
  /** HTML put just before `</body>`. */
  bottom: string;
}

const DECORATIONS: Array<(id: string) => Decoration> = [
  // Behind Cloudflare, Imperva and DataDome at once: their headers, cookies and normal-page scripts.
  (id) => ({
    headers: {
      server: 'cloudflare',
      'cf-ray': `${id}-AMS`,
      'cf-cache-status': 'DYNAMIC',
      'x-iinfo': `13-${id}-0 NNNN CT(0 0 0) RT(1700000000000 0) q(0 0 0 -1) r(0 0) U6`,
      'x-cdn': 'Imperva',
      'x-datadome': 'protected',
      'set-cookie': `__cf_bm=${id}; path=/; expires=Tue, 21-Nov-26 10:30:00 GMT; domain=.example; HttpOnly; Secure; SameSite=None`,
    },
    top: '',
    bottom: `<script src="/_Incapsula_Resource?SWJIYLWA=719d34d31c8e3a6e6fffd425f7e032f3&ns=1&cb=${id}" type="text/javascript" async></script><script src="https://js.datadome.co/tags.js" async></script><script>(function(){function c(){var b=a.contentDocument||a.contentWindow.document;if(b){var d=b.createElement('script');d.innerHTML="window.__CF$cv$params={r:'${id}',t:'MTcwMDAwMDAwMA=='};var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/scripts/jsd/main.js';document.getElementsByTagName('head')[0].appendChild(a);";b.getElementsByTagName('head')[0].appendChild(d)}}var a=document.createElement('iframe');a.height=1;a.width=1;a.style.position='absolute';document.body.appendChild(a);c()})();</script>`,
  }),
  // A header login dropdown with a password field and a reCAPTCHA widget.
  (id) => ({
    headers: { server: 'nginx' },
    top: `<header class="site-header"><nav><a href="/">Home</a> <a href="/explore">Explore</a> <details class="login-dropdown"><summary>Sign in</summary><form action="/session" method="post"><input type="hidden" name="csrf" value="${id}"><label>Username <input type="text" name="login"></label><label>Password <input type="password" name="password"></label><div class="g-recaptcha" data-sitekey="6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI"></div><button type="submit">Log in</button></form></details></nav></header>`,
    bottom: '<script src="https://www.google.com/recaptcha/api.js" async defer></script>',
  }),
  // A comment form protected by Cloudflare Turnstile.
  (id) => ({
    headers: { server: 'cloudflare', 'cf-ray': `${id}-LHR` },
    top: '',
    bottom: `<section class="guestbook"><h3>Leave a comment</h3><form action="/comments" method="post"><textarea name="text"></textarea><div class="cf-turnstile" data-sitekey="0x4AAAAAAADnPIDROrmt1Wwj" data-theme="light"></div><button type="submit">Post</button></form></section><script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script>`,
  }),
  // The user's own bio and posts quoting challenge, wall and rate-limit phrases (HTML-escaped as text).
  () => ({
    headers: {},
    top: '',
    bottom:
      '<section class="bio"><p>Security researcher. Collecting bot-wall screenshots: &quot;Checking your browser before accessing&quot;, &quot;Just a moment...&quot;, &quot;Please verify you are human&quot;, &quot;Attention Required! | Cloudflare&quot; and &quot;unusual traffic from your computer network&quot;.</p><p>Latest post: why &quot;Too many requests&quot; and &quot;Rate limit exceeded&quot; are not the same thing, and what &quot;This content is not available in your country&quot; means for archivists. Also: &quot;You must be logged in to view this page&quot; is not a privacy policy. The requested URL was rejected. Please consult with your administrator. (my favourite F5 page)</p></section>',
  }),
  // A cookie banner (OneTrust) and sign-in links on the profile itself.
  (id) => ({
    headers: { 'set-cookie': `OptanonConsent=isGpcEnabled=0&datestamp=${id}; path=/` },
    top: '<nav class="top"><a href="/login">Log in</a> · <a href="/signup">Sign up</a></nav>',
    bottom: `<div id="onetrust-consent-sdk"><div id="onetrust-banner-sdk" class="otFlat" role="region" aria-label="Cookie banner"><div id="onetrust-policy-text">We use cookies to improve your experience. <a href="/privacy">Privacy policy</a></div><button id="onetrust-accept-btn-handler">Accept all cookies</button><button id="onetrust-reject-all-handler">Reject all</button></div></div><script src="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js" data-domain-script="${id}"></script>`,
  }),
];

export const NOISY_PROFILE_VARIANTS = DECORATIONS.length;

/**
 * `response` dressed as variant `variant`: only 2xx HTML pages are changed, and a layer that would put one
 * of `exclude` (strings the site's rules read as "missing") into the page is left out.
 */
export function noisyProfile(response: CannedResponse, variant: number, id: string, exclude: string[]): CannedResponse {
  const html = String(response.headers['content-type'] ?? '').includes('html');
  if (response.status < 200 || response.status > 299 || !html) return response;
  const make = DECORATIONS[((variant % DECORATIONS.length) + DECORATIONS.length) % DECORATIONS.length];
  if (!make) return response;
  const { headers, top, bottom } = make(id);
  const body = String(response.body);
  if (exclude.some((s) => s !== '' && `${top}${bottom}`.includes(s))) return response;
  const open = /<body[^>]*>/i.exec(body);
  const at = open ? open.index + open[0].length : 0;
  const close = body.toLowerCase().lastIndexOf('</body>');
  const end = close >= at ? close : body.length;
  return {
    status: response.status,
    headers: { ...response.headers, ...headers },
    body: `${body.slice(0, at)}${top}${body.slice(at, end)}${bottom}${body.slice(end)}`,
  };
}
