import { hashString } from '../random.ts';

/**
 * The response headers a fake site's own answers carry, as a real site's do: its server software, its
 * framework's and its CDN's headers, its session cookie. Each site keeps one stack for all its answers
 * (chosen by its registrable name, so every subdomain and every route of it agree); the values a real
 * stack changes per request (request ids, ray ids, cookie values, timers) change here too.
 * Stacks follow what common setups send in public `curl -I` records; none is any platform's error page.
 */
type Stack = (site: string, id: string) => Record<string, string>;

const hex = (id: string, length: number) => id.repeat(Math.ceil(length / id.length)).slice(0, length);
const cookie = (name: string, id: string, site: string) =>
  `${name}=${hex(id, 32)}; path=/; domain=.${site}; secure; HttpOnly; SameSite=Lax`;
const appName = (site: string) => (site.split('.')[0] ?? 'app').replace(/[^a-z0-9]/gi, '_');

const STACKS: Stack[] = [
  // nginx in front of a Rails-style application.
  (site, id) => ({
    server: 'nginx',
    'x-request-id': `${hex(id, 8)}-${hex(id, 4)}-4${hex(id, 3)}-a${hex(id, 3)}-${hex(id, 12)}`,
    'x-runtime': `0.0${parseInt(id.slice(0, 3), 16) % 90}`,
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'set-cookie': cookie(`_${appName(site)}_session`, id, site),
  }),
  // Behind Cloudflare, a PHP application at the origin.
  (site, id) => ({
    server: 'cloudflare',
    'cf-ray': `${hex(id, 16)}-FRA`,
    'cf-cache-status': 'DYNAMIC',
    'x-powered-by': 'PHP/8.3.14',
    'set-cookie': cookie('PHPSESSID', id, site),
  }),
  // A Varnish/Fastly edge in front of Apache.
  (_site, id) => ({
    server: 'Apache',
    via: '1.1 varnish',
    'x-served-by': `cache-fra-etou82${parseInt(id.slice(0, 4), 16) % 10000}-FRA`,
    'x-cache': 'MISS',
    'x-cache-hits': '0',
    'x-timer': `S1795700000.${hex(id, 6)},VS0,VE${parseInt(id.slice(0, 2), 16) % 90}`,
    'strict-transport-security': 'max-age=31536000',
  }),
  // CloudFront in front of an nginx origin.
  (_site, id) => ({
    server: 'nginx/1.24.0',
    via: `1.1 ${hex(id, 32)}.cloudfront.net (CloudFront)`,
    'x-cache': 'Miss from cloudfront',
    'x-amz-cf-pop': 'FRA56-P4',
    'x-amz-cf-id': `${hex(id, 20)}_${hex(id, 30)}==`,
    'x-frame-options': 'DENY',
  }),
  // A Node.js application, no server header.
  (site, id) => ({
    'x-powered-by': 'Express',
    'x-ratelimit-limit': '600',
    'x-ratelimit-remaining': String(599 - (parseInt(id.slice(0, 2), 16) % 50)),
    'set-cookie': cookie('connect.sid', id, site),
  }),
  // IIS with ASP.NET.
  (site, id) => ({
    server: 'Microsoft-IIS/10.0',
    'x-powered-by': 'ASP.NET',
    'x-aspnet-version': '4.0.30319',
    'set-cookie': cookie('ASP.NET_SessionId', id, site),
  }),
  // Google's front end before an application that sets a CSRF cookie.
  (site, id) => ({
    server: 'Google Frontend',
    'x-cloud-trace-context': `${hex(id, 32)}/${parseInt(id, 16)};o=1`,
    'alt-svc': 'h3=":443"; ma=2592000',
    'set-cookie': cookie('csrftoken', id, site),
  }),
  // OpenResty with a Lua application and a security policy.
  (_site, id) => ({
    server: 'openresty',
    'x-request-id': hex(id, 32),
    'content-security-policy': "default-src 'self'; img-src 'self' data: https:",
    'referrer-policy': 'strict-origin-when-cross-origin',
  }),
];

/** A site's registrable name: its last two labels (`u.alpha-status.test` → `alpha-status.test`). */
function siteOf(host: string): string {
  return host.split('.').slice(-2).join('.');
}

let served = 0;

/** The stack headers of `host`'s own answers, with this request's per-request values. */
export function siteHeaders(host: string): Record<string, string> {
  const site = siteOf(host.toLowerCase());
  const stack = STACKS[hashString(`stack ${site}`) % STACKS.length] as Stack;
  const id = hashString(`${site} ${++served}`).toString(16).padStart(8, '0');
  return stack(site, id);
}
