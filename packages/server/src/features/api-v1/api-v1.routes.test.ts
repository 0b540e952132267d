/**
 * Mounting a feature under /api/v1 (how the watches of issue 39 join): a plugin written with the web app's
 * absolute paths is served rebased, behind the feature's scope check, and not at the doubled path.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { mountV1Feature } from './api-v1.routes.ts';
import type { ApiV1Deps } from './api-v1-deps.ts';

describe('mountV1Feature', () => {
  it('serves /api/things as /api/v1/things behind the scope check', async () => {
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) =>
      reply.code(error instanceof AppError ? error.httpStatus : 500).send({ code: (error as AppError).code }),
    );
    await app.register(
      async (v1) => {
        // What the key guard sets for a key with the `watch` scope only.
        v1.addHook('onRequest', async (request) => {
          const scopes = String(request.headers['x-scopes'] ?? '').split(',');
          request.apiKey = { id: 'k', scopes, limits: {} as never };
        });
        await mountV1Feature(
          v1,
          {
            scope: 'watch',
            rebase: '/api',
            register: (scoped) =>
              scoped.register(async (plugin) => {
                plugin.get('/api/things', { config: { auth: 'user' } }, async (request) => ({ url: request.url }));
              }),
          },
          {} as ApiV1Deps,
        );
      },
      { prefix: '/api/v1' },
    );
    const allowed = await app.inject({ url: '/api/v1/things', headers: { 'x-scopes': 'watch' } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ url: '/api/v1/things' });
    const refused = await app.inject({ url: '/api/v1/things', headers: { 'x-scopes': 'search:username' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('API_KEY_SCOPE');
    expect((await app.inject({ url: '/api/v1/api/things' })).statusCode).toBe(404);
    await app.close();
  });
});
