import type http from 'node:http';
import type net from 'node:net';
import { adversarialPage } from '../faults/adversarial-pages.ts';
import type { FaultBook } from '../faults/fault-book.ts';
import { send, sendGzipBomb, sendHugeBody, sendSlowly, sendThenReset, wait } from '../faults/fault-responses.ts';
import { wallPage } from '../faults/hostile-pages.ts';
import { noisyProfile } from '../faults/noisy-profile.ts';
import { type CannedResponse, wafPage } from '../faults/waf-pages.ts';
import { hashString } from '../random.ts';
import type { RequestLogger } from '../request-log.ts';
import { GLOBAL_EXCLUDES } from '../site/fingerprints.ts';
import type { SiteRegistry } from '../site/registry.ts';
import type { PlantedPage } from '../site/route.ts';
import { siteHeaders } from '../site/site-headers.ts';
import type { RouteHandler } from '../types.ts';
import { type Controls, handleControl, isControlHost } from './controls.ts';
import { FINAL_PAGE_PREFIX, finalPageResponse, notFoundPage, siteResponse, textResponse } from './site-response.ts';

/** Request bodies beyond this are not kept (catalogue bodies are tiny). */
const MAX_BODY = 1 << 20;

export interface HandlerContext {
  registry: SiteRegistry;
  faults: FaultBook;
  log: RequestLogger;
  customRoutes: Map<string, Map<string, RouteHandler>>;
  /** Extra per-request latency (ms) drawn from the seeded distribution, if configured. */
  latency: (() => number) | undefined;
  /** Hosts whose profile pages leave the username out (`namelessShare`). */
  nameless(host: string): boolean;
  isServed(host: string): boolean;
  /** The `/_fake/*` controls (server/controls.ts). */
  controls?: Controls;
  rawSocket(socket: net.Socket): net.Socket;
  tunnelTarget(socket: net.Socket): string | undefined;
}

interface Target {
  scheme: 'http' | 'https';
  host: string;
  /** Host as the client wrote it (with port), for absolute URLs. */
  authority: string;
  /** Origin-form request target: path and query. */
  path: string;
}

function normaliseHost(host: string): string {
  const bare = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : (host.split(':')[0] ?? '');
  return bare.toLowerCase().replace(/\.$/, '');
}

/** Where a request is going: absolute-form (proxy) URL, else Host header, else SNI / CONNECT target. */
function resolveTarget(req: http.IncomingMessage, ctx: HandlerContext): Target | undefined {
  const raw = req.url ?? '/';
  if (/^https?:\/\//i.test(raw)) {
    try {
      const url = new URL(raw);
      return {
        scheme: url.protocol === 'https:' ? 'https' : 'http',
        host: normaliseHost(url.host),
        authority: url.host,
        path: `${url.pathname}${url.search}`,
      };
    } catch {
      return undefined;
    }
  }
  // The connection names the destination (as its IP address would): CONNECT target, then SNI, then
  // the Host header. A Host header that differs (a catalogue's header override) does not reroute.
  const socket = req.socket as net.Socket & { encrypted?: boolean; servername?: string | false };
  const scheme = socket.encrypted ? 'https' : 'http';
  const destination = ctx.tunnelTarget(socket) || socket.servername || req.headers.host || '';
  if (destination === '') return undefined;
  const host = normaliseHost(destination);
  const hostHeader = req.headers.host ?? host;
  const authority = normaliseHost(hostHeader) === host ? hostHeader : host;
  return { scheme, host, authority, path: raw };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (part: Buffer) => {
      if (size < MAX_BODY) parts.push(part);
      size += part.length;
    });
    req.once('end', () => resolve(Buffer.concat(parts)));
    req.once('close', () => resolve(Buffer.concat(parts)));
  });
}

function pageContext(target: Target) {
  return {
    host: target.host,
    path: target.path,
    id: hashString(`${target.host}${target.path}`).toString(16).padStart(8, '0'),
  };
}

export function dnsFailureBody(host: string): string {
  return `hound-testkit proxy: DNS lookup failed for ${host} (ENOTFOUND)\n`;
}

const dnsFailure = (host: string) =>
  textResponse(502, dnsFailureBody(host), { 'proxy-status': 'hound-testkit; error=dns_error' });

function missingHeader(
  route: { requiredHeaders: Record<string, string> },
  req: http.IncomingMessage,
): string | undefined {
  for (const [name, value] of Object.entries(route.requiredHeaders)) {
    const got = req.headers[name];
    if (typeof got !== 'string' || got.trim().toLowerCase() !== value.trim().toLowerCase()) return name;
  }
  return undefined;
}

/** A custom route registered as `/prefix*` serves every path that starts with `/prefix` (longest first). */
function byPrefix(routes: Map<string, RouteHandler>, path: string): RouteHandler | undefined {
  let best: [string, RouteHandler] | undefined;
  for (const [key, handler] of routes) {
    if (!key.endsWith('*') || !path.startsWith(key.slice(0, -1))) continue;
    if (!best || key.length > best[0].length) best = [key, handler];
  }
  return best?.[1];
}

/** The normal (fault-free) response: custom route, or the site's own answer (dressed in its stack's headers). */
function normalResponse(
  ctx: HandlerContext,
  req: http.IncomingMessage,
  target: Target,
  body: Buffer,
  soft404: boolean,
  noisy?: number,
): CannedResponse {
  const custom = ctx.customRoutes.get(target.host);
  const handler =
    custom && (custom.get(target.path) ?? custom.get(target.path.split('?')[0] ?? '') ?? byPrefix(custom, target.path));
  const out = handler?.({ method: req.method ?? 'GET', url: target.path, headers: req.headers, body });
  if (out) return { status: out.status, headers: out.headers ?? {}, body: out.body ?? '' };
  const own = siteAnswer(ctx, req, target, body, soft404, noisy);
  return { ...own, headers: { ...siteHeaders(target.host), ...own.headers } };
}

/** A site's own answer: its route's page, a redirect target, or its 404. */
function siteAnswer(
  ctx: HandlerContext,
  req: http.IncomingMessage,
  target: Target,
  body: Buffer,
  soft404: boolean,
  noisy?: number,
): CannedResponse {
  if (target.path.startsWith(FINAL_PAGE_PREFIX)) {
    return finalPageResponse(ctx.registry.routeList, target.path) ?? notFoundPage();
  }
  const match = ctx.registry.match(req.method ?? 'GET', target.host, target.path, body.toString('utf8'));
  if (!match) return notFoundPage();
  const header = missingHeader(match.route, req);
  if (header) return textResponse(400, `hound-testkit: this site expects the request header "${header}"\n`);
  const key = match.route.pattern.hostRegex ? match.username.toLowerCase() : match.username;
  const exists = soft404 || match.route.registered.has(key);
  const planted = exists ? match.route.planted.get(key) : undefined;
  const response = plantedPage(siteResponse(match.route, match.username, exists, ctx.nameless(target.host)), planted);
  if (noisy === undefined) return response;
  const id = hashString(`${target.host}${target.path}`).toString(16).padStart(8, '0');
  // Upstream tools' WAF phrases are excluded from generated pages; the noisy profile quotes them on purpose.
  const exclude = match.route.plan.exists.exclude.filter((s) => !GLOBAL_EXCLUDES.includes(s));
  return noisyProfile(response, noisy, id, exclude);
}

/** A planted profile's markup inside the generated profile page (which keeps what the site's rules look for). */
function plantedPage(response: CannedResponse, page: PlantedPage | undefined): CannedResponse {
  if (!page || typeof response.body !== 'string') return response;
  const insert = (body: string, before: string, markup: string | undefined) => {
    if (!markup) return body;
    const at = body.toLowerCase().lastIndexOf(before);
    return at < 0
      ? before === '</head>'
        ? `${markup}${body}`
        : `${body}${markup}`
      : `${body.slice(0, at)}${markup}${body.slice(at)}`;
  };
  return { ...response, body: insert(insert(response.body, '</head>', page.head), '</body>', page.body) };
}

/** Handles one HTTP request: log, fault, latency, then the site's answer. */
export async function handleRequest(
  ctx: HandlerContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const target = resolveTarget(req, ctx);
  if (!target) return send(res, textResponse(400, 'hound-testkit: request has no host\n'));
  if (ctx.controls && isControlHost(target.host) && target.path.startsWith('/_fake/')) {
    return send(res, handleControl(ctx.controls, req.method ?? 'GET', target.path, await readBody(req)));
  }
  const finish = ctx.log.begin({
    host: target.host,
    method: req.method ?? 'GET',
    url: `${target.scheme}://${target.authority}${target.path}`,
    headers: req.headers,
    startedAt: Date.now(),
  });
  res.once('close', finish);
  const body = await readBody(req);
  const fault = ctx.faults.faultForRequest(target.host);
  if (!ctx.isServed(target.host) || fault?.kind === 'unknown_host') return send(res, dnsFailure(target.host));
  const delay = (fault?.kind === 'latency' ? fault.ms : 0) + (ctx.latency?.() ?? 0);
  if (!(await wait(delay, res))) return;
  switch (fault?.kind) {
    case 'hang':
      return; // the client gives up; `close` ends the log entry
    case 'rate_limit':
      if (ctx.faults.takeRateLimit(target.host)) {
        return send(res, textResponse(429, 'Too Many Requests\n', { 'retry-after': String(fault.retryAfterS) }));
      }
      break;
    case 'waf':
      return send(res, wafPage(fault.vendor, hashString(`${target.host}${target.path}`).toString(16).padStart(8, '0')));
    case 'status':
      return send(res, textResponse(fault.status, `hound-testkit: status ${fault.status}\n`));
    case 'redirect_loop':
      return send(
        res,
        textResponse(302, 'Found\n', { location: `${target.scheme}://${target.authority}${target.path}` }),
      );
    case 'huge_body':
      return sendHugeBody(res, fault.bytes);
    case 'gzip_bomb':
      return sendGzipBomb(res, fault.bytes);
    case 'wall':
      return send(res, wallPage(fault.wall, fault.variant ?? 0, pageContext(target)));
    case 'adversarial': {
      const page = adversarialPage(fault.page, pageContext(target));
      if (page) return send(res, page);
      break;
    }
    case 'redirect': {
      const location = new URL(fault.location, `${target.scheme}://${target.authority}/`);
      const here = location.host === target.authority || normaliseHost(location.host) === target.host;
      if (here && target.path.split('?')[0] === location.pathname) {
        return send(res, wallPage(fault.wall ?? 'login', fault.variant ?? 0, pageContext(target)));
      }
      return send(res, textResponse(fault.status ?? 302, 'Found\n', { location: location.href }));
    }
  }
  const noisy = fault?.kind === 'noisy_profile' ? (fault.variant ?? 0) : undefined;
  const response = normalResponse(ctx, req, target, body, fault?.kind === 'soft404', noisy);
  if (fault?.kind === 'reset') return sendThenReset(res, response, ctx.rawSocket(req.socket));
  if (fault?.kind === 'slow_drip') return sendSlowly(res, response, fault.bytesPerSecond);
  send(res, response);
}
