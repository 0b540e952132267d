import type { SearchScope } from '@hound/contracts';

// Types only: the search page's first load must not pull the API client's zod schemas in (decision 145).
/** The site selection of a search's options (categories, named sites, NSFW); null: the default selection. */
export function siteSelection(options?: SearchScope | null): SearchScope | null {
  if (!options) return null;
  const scope: SearchScope = {};
  if (options.categories?.length) scope.categories = [...options.categories];
  if (options.sites?.length) scope.sites = [...options.sites];
  if (options.nsfw) scope.nsfw = true;
  return Object.keys(scope).length > 0 ? scope : null;
}
