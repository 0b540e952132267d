import { WatchSchema } from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listUserWatches } from './list-user-watches.ts';
import { WatchIdParams, watchErrors } from './route-schemas.ts';
import type { WatchDeps } from './watch-deps.ts';

/** The admin's view of a user's watches (under /admin: the guard asks for an admin session by path). */
export const watchesAdminRoutes: FastifyPluginAsyncZod<{ deps: WatchDeps }> = async (app, { deps }) => {
  app.get(
    '/admin/users/:id/watches',
    {
      schema: {
        summary: "A user's watches (admin)",
        tags: ['admin'],
        params: WatchIdParams,
        response: { 200: z.object({ items: z.array(WatchSchema) }), ...watchErrors },
      },
    },
    async (request) => ({ items: await listUserWatches(deps.db, request.params.id, deps.now()) }),
  );
};
