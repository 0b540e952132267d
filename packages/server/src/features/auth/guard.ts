/**
 * The one authentication guard. Every route under `/me` needs a session and every route under `/admin`
 * also needs `is_admin` — by path, so a route added later cannot forget it. Other routes opt in with
 * `config: { auth: 'user' | 'admin' | 'optional' }` ('optional' attaches the user when a valid token is
 * sent and treats anything else as anonymous). Checked in `onRequest`, before the body is read.
 */
import { ACCOUNT_MESSAGES } from '@hound/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { AuthDeps } from './auth-deps.ts';
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
  app.addHook('onRequest', async (request) => {
    const requirement = requirementFor(request.routeOptions.url, request.routeOptions.config?.auth);
    if (!requirement) return;
    const token = bearerToken(request);
    const auth = token ? await findSession(deps.db, token, deps.now(), deps.options.limits) : null;
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
