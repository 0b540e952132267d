import type { LeadProfile, LeadReason, LeadSearch, SearchTree } from '@hound/contracts';
import type { EmailResult, SiteResult } from '../model.ts';
import { isProfilePage } from '../username/profile-page.ts';

/** Collects one root search and the searches its leads started into the `hound-tree/1` shape. */
export class TreeBuilder {
  private readonly searches: LeadSearch[] = [];
  private readonly profiles: LeadProfile[] = [];
  private next = 0;

  constructor(private readonly prefix: string) {}

  add(
    kind: LeadSearch['kind'],
    query: string,
    parentId: string | null,
    depth: number,
    reason: LeadReason | null,
  ): LeadSearch {
    const search: LeadSearch = {
      id: `${this.prefix}${++this.next}`,
      kind,
      query,
      parent_id: parentId,
      depth,
      reason,
      status: 'running',
    };
    this.searches.push(search);
    return search;
  }

  /**
   * A found result of `search` becomes a profile of the tree, with its facts; its `url` is the profile page
   * or '' (an API's address or a home page is not the profile, as in the API).
   */
  found(search: LeadSearch, result: SiteResult | EmailResult): void {
    if (result.verdict !== 'found') return;
    const facts = 'facts' in result ? (result.facts ?? []) : [];
    const page = search.kind === 'email' || isProfilePage(result.url, search.query);
    this.profiles.push({
      search_id: search.id,
      site: result.name,
      url: page ? result.url : '',
      ...(result.category ? { category: result.category } : {}),
      facts,
    });
  }

  tree(): SearchTree {
    return {
      format: 'hound-tree/1',
      root_id: this.searches[0]?.id ?? '',
      searches: this.searches,
      profiles: this.profiles,
    };
  }
}
