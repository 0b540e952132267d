/**
 * The `/api/v1` guard (decisions 143, 144), an `onRequest` hook of the v1 scope, before any body is read:
 * a live API key (`Authorization: Bearer hound_live_…` or `X-API-Key`), a plan with API access, then the
 * key's requests per minute — with `RateLimit-Limit/Remaining/Reset` on every answer and `Retry-After` on
 * a 429. Sessions and cookies are not accepted here; keys are not accepted anywhere else
 * (`refuseKeysOutsideApi`). Each feature's scope is checked by `requireScope` in its own scope.
 */
import { API_KEY_MESSAGES, type ApiKeyLimits, type ApiKeyScope } from '@hound/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { apiLimitsFor, hasApiAccess } from '../api-keys/api-limits.ts';
import { looksLikeApiKey } from '../api-keys/key-format.ts';
import type { ApiV1Deps } from './api-v1-deps.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the v1 scope that needs no key (its OpenAPI document). */
    publicRoute?: boolean;
  }
  interface FastifyRequest {
    /** Set by the v1 guard: the key the request came with and its plan's limits. */
    apiKey?: { id: string; scopes: readonly string[]; limits: ApiKeyLimits };
  }
}

/** The API key a request carries, from `Authorization: Bearer` or `X-API-Key`. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (match && looksLikeApiKey(match[1])) return match[1];
  }
  const direct = request.headers['x-api-key'];
  return typeof direct === 'string' ? direct.trim() : undefined;
}

/** For the whole app: an API key anywhere but `/api/v1` is refused (401), never read as a session or ignored. */
export function refuseKeysOutsideApi(request: FastifyRequest): void {
  const route = request.routeOptions.url ?? request.url;
  if (route === '/api/v1' || route.startsWith('/api/v1/')) return;
  if (apiKeyOf(request) !== undefined) throw new AppError('API_KEY_NOT_ALLOWED', API_KEY_MESSAGES.wrongRoute);
}

export function keyGuard(deps: ApiV1Deps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config?.publicRoute) return;
    const token = apiKeyOf(request);
    const now = deps.now();
    const found = token ? await deps.keys.authenticate(token, now) : null;
    if (!found) throw new AppError('API_KEY_INVALID', API_KEY_MESSAGES.invalid);
    const limits = apiLimitsFor(found.user.plan, deps.limits);
    if (!hasApiAccess(limits)) throw new AppError('API_PLAN_REQUIRED', API_KEY_MESSAGES.planRequired);
    const window = await deps.rate.take(found.key.id, limits.requests_per_minute, now);
    const resetSeconds = Math.max(1, Math.ceil(window.resetMs / 1000));
    reply.headers({
      'ratelimit-limit': String(window.limit),
      'ratelimit-remaining': String(window.remaining),
      'ratelimit-reset': String(resetSeconds),
    });
    if (!window.allowed) {
      throw new AppError('API_RATE_LIMITED', API_KEY_MESSAGES.rateLimited, {
        headers: { 'retry-after': String(resetSeconds) },
      });
    }
    deps.usage.add(found.key.id, 'requests', now);
    // Handlers shared with the web app read the caller as a signed-in user.
    request.auth = { user: found.user, sessionId: `apikey:${found.key.id}` };
    request.apiKey = { id: found.key.id, scopes: found.key.scopes, limits };
  };
}

/** The v1 scope's second hook, per feature: the key must carry `scope` (403 `API_KEY_SCOPE`). */
export function requireScope(scope: ApiKeyScope) {
  return async (request: FastifyRequest) => {
    if (request.routeOptions.config?.publicRoute) return;
    if (!request.apiKey?.scopes.includes(scope)) {
      throw new AppError('API_KEY_SCOPE', `${API_KEY_MESSAGES.scope} (${scope}).`);
    }
  };
}

/** The key of a guarded v1 request (the guard has refused requests without one). */
export function keyOf(request: FastifyRequest): NonNullable<FastifyRequest['apiKey']> {
  if (!request.apiKey) throw new AppError('API_KEY_INVALID', API_KEY_MESSAGES.invalid);
  return request.apiKey;
}
