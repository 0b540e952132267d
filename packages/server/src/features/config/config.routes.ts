import { type SiteConfigResponse, SiteConfigResponseSchema } from '@hound/contracts';
import type { Engine } from '@hound/engine';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';

const categoriesByEngine = new WeakMap<Engine, { id: string; sites: number }[]>();

/** The catalogue categories of the sites a default search covers, most sites first (a search can be narrowed to them). */
function categoriesOf(engine: Engine): { id: string; sites: number }[] {
  let list = categoriesByEngine.get(engine);
  if (!list) {
    const counts = new Map<string, number>();
    for (const site of engine.sites) {
      if (site.nsfw || !site.category) continue;
      const id = site.category.toLowerCase();
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    list = [...counts]
      .map(([id, sites]) => ({ id, sites }))
      .sort((a, b) => b.sites - a.sites || a.id.localeCompare(b.id));
    categoriesByEngine.set(engine, list);
  }
  return list;
}

export const configRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/config',
    {
      schema: {
        summary: 'Operator settings the web app shows',
        description: 'Brand, data retention, number of sites searched, contact and community links, sponsored entries.',
        tags: ['service'],
        response: { 200: SiteConfigResponseSchema.describe('The settings; absent fields mean the defaults') },
      },
    },
    async (_request, reply): Promise<SiteConfigResponse> => {
      const { site, retentionDays } = deps.options;
      const engine = deps.engines.current();
      const siteCount = engine?.countSites();
      const emailChecks = engine?.countEmailChecks();
      reply.header('cache-control', 'public, max-age=60');
      return {
        ...(site.brandName ? { brand_name: site.brandName } : {}),
        retention_days: retentionDays,
        ...(siteCount ? { site_count: siteCount } : {}),
        ...(engine ? { categories: categoriesOf(engine) } : {}),
        ...(site.contactEmail ? { contact_email: site.contactEmail } : {}),
        ...(site.communityUrl ? { community_url: site.communityUrl } : {}),
        sponsored: site.sponsored,
        email_results_min_seconds: deps.options.email.resultsMinSeconds,
        ...(emailChecks ? { email_check_count: emailChecks } : {}),
      };
    },
  );
};
