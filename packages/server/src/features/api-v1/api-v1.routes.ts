/**
 * The versioned API, `/api/v1` (decisions 143, 144). One scope: the key guard (key, plan, requests per
 * minute) runs before every route, then each feature's own scope check. A feature is one line of
 * `V1_FEATURES`: its scope and how its routes are registered (paths relative to `/api/v1`), so another
 * capability — the watches of issue 39 — is mounted by adding its line (decision 157).
 */
import { API_V1_BASE, type ApiKeyScope, V1PlansSchema } from '@hound/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiLimitsFor } from '../api-keys/api-limits.ts';
import { watchesRoutes } from '../watches/watches.routes.ts';
import type { ApiV1Deps } from './api-v1-deps.ts';
import { emailSearchesV1Routes } from './email-searches.v1.routes.ts';
import { keyGuard, requireScope } from './key-guard.ts';
import { v1Document } from './openapi-v1.ts';
import { searchesV1Routes } from './searches.v1.routes.ts';
import { usageV1Routes } from './usage.v1.routes.ts';

export interface V1Feature {
  scope: ApiKeyScope;
  /** Registers the feature's routes in its scope; `request.auth` is the key's user (`caller(request)` works). */
  register(app: FastifyInstance, deps: ApiV1Deps): PromiseLike<unknown>;
  /**
   * For a plugin written with the web app's absolute paths: this leading part is dropped under `/api/v1`
   * (`rebase: '/api'` serves `/api/watches` as `/api/v1/watches`).
   */
  rebase?: string;
}

export const V1_FEATURES: V1Feature[] = [
  { scope: 'search:username', register: (app, deps) => app.register(searchesV1Routes, { deps }) },
  { scope: 'search:email', register: (app, deps) => app.register(emailSearchesV1Routes, { deps }) },
  { scope: 'account:read', register: (app, deps) => app.register(usageV1Routes, { deps }) },
  // The web app's watch routes as they are, at /api/v1/watches… (the mail links and the admin's view are not in them).
  {
    scope: 'watch',
    rebase: '/api',
    register: (app, deps) => app.register(watchesRoutes, { ...deps.watches, webhooks: true, v1: true }),
  },
];

/** Mounts one feature in the v1 scope (`app` is that scope, registered with the `/api/v1` prefix). */
export async function mountV1Feature(app: FastifyInstance, feature: V1Feature, deps: ApiV1Deps): Promise<void> {
  await app.register(async (scoped) => {
    scoped.addHook('onRequest', requireScope(feature.scope));
    const rebase = feature.rebase;
    if (rebase) {
      scoped.addHook('onRoute', (route) => {
        const from = `${API_V1_BASE}${rebase}/`;
        if (route.url.startsWith(from)) route.url = `${API_V1_BASE}/${route.url.slice(from.length)}`;
        route.path = route.url;
      });
    }
    await feature.register(scoped, deps);
  });
}

export const apiV1Routes: FastifyPluginAsyncZod<{ deps: ApiV1Deps; features?: V1Feature[] }> = async (
  app,
  { deps, features = V1_FEATURES },
) => {
  app.addHook('onRequest', keyGuard(deps));
  for (const feature of features) await mountV1Feature(app, feature, deps);

  app.get(
    '/plans',
    {
      config: { publicRoute: true },
      schema: {
        summary: 'What each plan’s API keys may do (no key needed)',
        description: '`paid` is the trial and Premium plans. 0 requests a minute: the plan has no API access.',
        tags: ['v1: account'],
        security: [],
        response: { 200: V1PlansSchema },
      },
    },
    async () => {
      const { plan: _free, ...free } = apiLimitsFor('free', deps.limits);
      const { plan: _paid, ...paid } = apiLimitsFor('premium', deps.limits);
      return { free, paid };
    },
  );

  let document: Buffer | undefined;
  app.get('/openapi.json', { config: { publicRoute: true }, schema: { hide: true } }, async (_request, reply) => {
    // Built once, after every route is registered (the app's document is complete by then).
    document ??= Buffer.from(
      JSON.stringify(v1Document(app.swagger() as unknown as Record<string, unknown>, deps.app.options.publicUrl)),
    );
    return reply.type('application/json; charset=utf-8').send(document);
  });
};
