import path from 'node:path';
import type { SiteInfo, SitesResponse } from '@hound/contracts';
import type { Engine, SiteHealth } from '@hound/engine';
import type { EngineState } from '../../catalogues/engine-host.ts';

/** The loaded sites with their sources and self-test verdicts. */
export function listSites(engine: Engine | undefined, state: EngineState): SitesResponse {
  if (!engine) return { ready: false, searched_by_default: 0, sites: [] };
  const health = new Map<string, SiteHealth>(engine.health().map((h) => [h.siteId, h]));
  const sites: SiteInfo[] = engine.sites.map((site) => {
    const h = health.get(site.id);
    return {
      id: site.id,
      name: site.name,
      host: site.host,
      category: site.category,
      tags: [...site.tags],
      nsfw: site.nsfw,
      sources: site.checks.map((c) => ({
        format: c.format,
        name: c.name,
        ...(c.source ? { source: publicSource(c.source) } : {}),
      })),
      reliable: h ? h.reliable : null,
      ...(h?.reason ? { reason: h.reason } : {}),
      ...(h ? { checked_at: h.checkedAt } : {}),
    };
  });
  return {
    ready: true,
    ...(state.loadedAt ? { loaded_at: state.loadedAt } : {}),
    searched_by_default: engine.countSites(),
    sites,
  };
}

/** A catalogue's URL as it is; a local file by its name only (the server's paths are nobody's business). */
export function publicSource(source: string): string {
  return /^https?:\/\//i.test(source) ? source : path.basename(source);
}
