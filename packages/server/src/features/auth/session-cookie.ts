/**
 * The browser's session lives in a cookie the page's scripts cannot read (decision 098): HttpOnly,
 * SameSite=Strict, Secure (and `__Host-` prefixed) when PUBLIC_URL is https. API clients keep using the
 * JSON `access_token` as `Authorization: Bearer`; both carry the same opaque token.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

const PLAIN_NAME = 'hound_session';
/** `__Host-`: the browser accepts it only Secure, for Path=/ and without Domain, so no subdomain can plant it. */
const SECURE_NAME = '__Host-hound_session';

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

export interface SessionCookieOptions {
  /** PUBLIC_URL is https. */
  secure: boolean;
  /** The cookie's lifetime: the session's absolute lifetime. */
  maxAgeMs: number;
}

function cookieName(options: Pick<SessionCookieOptions, 'secure'>): string {
  return options.secure ? SECURE_NAME : PLAIN_NAME;
}

function attributes(options: Pick<SessionCookieOptions, 'secure'>, maxAgeSeconds: number): string {
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`;
}

/** The session token from the request's cookie, when it carries a well-formed one. */
export function sessionCookieToken(
  request: FastifyRequest,
  options: Pick<SessionCookieOptions, 'secure'>,
): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const name = cookieName(options);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN.test(value) ? value : undefined;
  }
  return undefined;
}

export function setSessionCookie(reply: FastifyReply, token: string, options: SessionCookieOptions): void {
  const maxAge = Math.floor(options.maxAgeMs / 1000);
  reply.header('set-cookie', `${cookieName(options)}=${token}; ${attributes(options, maxAge)}`);
  // The answer carries a token: no cache may keep it.
  reply.header('cache-control', 'no-store');
}

export function clearSessionCookie(reply: FastifyReply, options: Pick<SessionCookieOptions, 'secure'>): void {
  reply.header('set-cookie', `${cookieName(options)}=; ${attributes(options, 0)}`);
}
