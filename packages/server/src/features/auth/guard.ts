/**
 * The one authentication guard. Every route under `/me` needs a session and every route under `/admin`
 * also needs `is_admin` — by path, so a route added later cannot forget it. Other routes opt in with
 * `config: { auth: 'user' | 'admin' | 'optional' }` ('optional' attaches the user when a valid token is
 * sent and treats anything else as anonymous). Checked in `onRequest`, before the body is read. The token
 * comes from `Authorization: Bearer` or the browser's session cookie (decision 098).
 */
import { ACCOUNT_MESSAGES } from '@hound/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { AuthDeps } from './auth-deps.ts';
import { CROSS_SITE_MESSAGE, changesState, isSameOriginRequest } from './same-origin.ts';
import { clearSessionCookie, type SessionCookieOptions, sessionCookieToken } from './session-cookie.ts';
import { type Authenticated, findSession } from './sessions.ts';

export type AuthRequirement = 'user' | 'admin' | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
  interface FastifyRequest {
    /** Set by the guard for signed-in callers. */
    auth?: Authenticated;
  }
}

export function requirementFor(url: string | undefined, configured: AuthRequirement | undefined) {
  // /api/v1 has its own guard (API keys only, decision 143); a route mounted there keeps its `auth` config.
  if (url?.startsWith('/api/v1/')) return undefined;
  if (url === '/admin' || url?.startsWith('/admin/')) return 'admin';
  if (url === '/me' || url?.startsWith('/me/')) return configured === 'admin' ? 'admin' : 'user';
  return configured;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1];
}

export function installAuthGuard(app: FastifyInstance, deps: Pick<AuthDeps, 'db' | 'now' | 'options'>): void {
  const cookies = sessionCookieOptions(deps.options);
  app.addHook('onRequest', async (request, reply) => {
    const requirement = requirementFor(request.routeOptions.url, request.routeOptions.config?.auth);
    if (!requirement) return;
    // A bearer header wins; the cookie is the browser's session and needs a same-origin request to change state.
    const bearer = bearerToken(request);
    const cookie = bearer ? undefined : sessionCookieToken(request, cookies);
    if (cookie && changesState(request) && !isSameOriginRequest(request, deps.options.publicUrl))
      throw new AppError('AUTH_CROSS_SITE', CROSS_SITE_MESSAGE);
    const token = bearer ?? cookie;
    const auth = token ? await findSession(deps.db, token, deps.now(), deps.options.limits) : null;
    if (cookie && !auth) clearSessionCookie(reply, cookies);
    if (auth) request.auth = auth;
    if (requirement === 'optional') return;
    if (!auth) throw new AppError('AUTH_REQUIRED', ACCOUNT_MESSAGES.notAuthenticated);
    if (requirement === 'admin' && !auth.user.isAdmin)
      throw new AppError('AUTH_ADMIN_REQUIRED', ACCOUNT_MESSAGES.adminOnly);
  });
}

/** The signed-in caller of a guarded route (the guard has already refused anonymous callers). */
export function caller(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError('AUTH_REQUIRED', ACCOUNT_MESSAGES.notAuthenticated);
  return request.auth;
}

/** How this deployment's session cookie is named and marked (Secure when PUBLIC_URL is https). */
export function sessionCookieOptions(options: Pick<AuthDeps['options'], 'publicUrl' | 'limits'>): SessionCookieOptions {
  return { secure: options.publicUrl.startsWith('https://'), maxAgeMs: options.limits.sessionMaxAgeMs };
}
