/**
 * Search trees (`hound-tree/1`) for the identity graph's tests and browser journey: the planted chain of
 * issue 29 (`alice` links to `alice_dev`, whose profile names `a.dev@example.com`) and a generated tree of
 * thousands of profiles tied by shared avatars, websites and named usernames.
 */
import type { LeadProfile, LeadSearch, ProfileFact, SearchTree } from '@hound/contracts';

const fact = (kind: ProfileFact['kind'], value: string, source: string, extra: Partial<ProfileFact> = {}) => ({
  kind,
  value,
  source,
  via: 'opengraph',
  ...extra,
});

export function plantedTree(): SearchTree {
  const github = 'https://github.example/alice';
  const twitter = 'https://twitter.example/alice';
  const gitlab = 'https://gitlab.example/alice_dev';
  return {
    format: 'hound-tree/1',
    root_id: 'r1',
    searches: [
      { id: 'r1', kind: 'username', query: 'alice', parent_id: null, depth: 0, reason: null, status: 'completed' },
      {
        id: 'c1',
        kind: 'username',
        query: 'alice_dev',
        parent_id: 'r1',
        depth: 1,
        reason: {
          text: 'linked from the GitHub profile of alice',
          from_site: 'GitHub',
          from_url: github,
          fact_kind: 'username',
        },
        status: 'completed',
      },
      {
        id: 'e1',
        kind: 'email',
        query: 'a.dev@example.com',
        parent_id: 'c1',
        depth: 2,
        reason: { text: 'stated on the GitLab profile of alice_dev', from_site: 'GitLab', fact_kind: 'email' },
        status: 'completed',
      },
    ],
    profiles: [
      {
        search_id: 'r1',
        site: 'GitHub',
        url: github,
        category: 'coding',
        facts: [
          fact('display_name', 'Alice Example', github, { via: 'jsonld' }),
          fact('website', 'https://alice.dev', github),
          fact('avatar', 'https://avatars.example/alice.png', github),
          fact('username', 'alice_dev', github, { site: 'GitLab', via: 'rel-me' }),
          fact('link', 'https://gitlab.example/alice_dev/', github, { site: 'GitLab', via: 'rel-me' }),
        ],
      },
      {
        search_id: 'r1',
        site: 'Twitter',
        url: twitter,
        facts: [
          fact('bio', 'Builds <things> & "tools"', twitter, { via: 'twitter' }),
          fact('website', 'http://www.alice.dev/', twitter, { via: 'twitter' }),
          fact('avatar', 'https://avatars.example/alice.png', twitter, { via: 'twitter' }),
          fact('account_id', '12345', twitter, { site: 'Twitter', via: 'site:twitter' }),
        ],
      },
      {
        search_id: 'c1',
        site: 'GitLab',
        url: gitlab,
        facts: [fact('email', 'A.Dev@example.com', gitlab, { via: 'site:gitlab' })],
      },
      { search_id: 'e1', site: 'Gravatar', url: 'https://gravatar.example/adev', facts: [] },
    ],
  };
}

/**
 * About `profiles` profiles over one root, `children` depth-1 searches and two depth-2 searches under each of
 * the first few; every 40th profile shares an avatar, every 25th a website, every 60th names a username.
 */
export function largeTree(profiles = 2900, children = 12): SearchTree {
  const searches: LeadSearch[] = [
    { id: 'root', kind: 'username', query: 'target', parent_id: null, depth: 0, reason: null, status: 'completed' },
  ];
  for (let i = 0; i < children; i++) {
    searches.push({
      id: `d1-${i}`,
      kind: i % 5 === 4 ? 'email' : 'username',
      query: i % 5 === 4 ? `target${i}@example.com` : `target_${i}`,
      parent_id: 'root',
      depth: 1,
      reason: { text: `linked from the Site ${i} profile of target`, from_site: `Site ${i}` },
      status: 'completed',
    });
  }
  for (let i = 0; i < Math.min(4, children); i++) {
    for (let j = 0; j < 2; j++) {
      searches.push({
        id: `d2-${i}-${j}`,
        kind: 'username',
        query: `target_${i}_${j}`,
        parent_id: `d1-${i}`,
        depth: 2,
        reason: { text: `named on a profile of target_${i}` },
        status: 'completed',
      });
    }
  }
  const list: LeadProfile[] = [];
  for (let k = 0; k < profiles; k++) {
    // Half under the root, the rest spread over the other searches.
    const search = k % 2 === 0 ? searches[0]! : searches[1 + ((k >> 1) % (searches.length - 1))]!;
    const url = `https://site${k}.example/${encodeURIComponent(search.query)}`;
    const facts: ProfileFact[] = [fact('display_name', `Target ${k}`, url)];
    if (k % 40 === 0 || k % 40 === 1) facts.push(fact('avatar', `https://img.example/a${Math.floor(k / 40)}.png`, url));
    if (k % 25 < 2) facts.push(fact('website', `https://home${Math.floor(k / 25)}.example`, url));
    if (k % 60 === 0) facts.push(fact('username', `alias${Math.floor(k / 60)}`, url, { site: 'Elsewhere' }));
    list.push({ search_id: search.id, site: `Site ${k}`, url, facts });
  }
  return { format: 'hound-tree/1', root_id: 'root', searches, profiles: list };
}

/**
 * A plain search as most are on the real web: found profiles that state nothing (`count` of each catalogue
 * category, named `{prefix}{n}`), Reddit (no category: a forum by the spec's keyword table), and one that
 * another profile links to (a tie).
 */
export function plainTree(
  groups: ReadonlyArray<[prefix: string, category: string, count: number]> = [
    ['Game', 'gaming', 10],
    ['Chat', 'social', 8],
  ],
  query = 'bob',
): SearchTree {
  const profiles: LeadProfile[] = [];
  const add = (site: string, category: string | undefined, extra: Partial<LeadProfile> = {}) =>
    profiles.push({
      search_id: 'r',
      site,
      url: `https://${site.toLowerCase()}.example/${query}`,
      category,
      facts: [],
      ...extra,
    });
  for (const [prefix, category, count] of groups) for (let i = 0; i < count; i++) add(`${prefix}${i}`, category);
  add('Reddit', undefined);
  add('Linked', 'social');
  add('Home', 'blog', {
    facts: [
      {
        kind: 'link',
        value: `https://linked.example/${query}`,
        source: `https://home.example/${query}`,
        via: 'rel-me',
      },
    ],
  });
  return {
    format: 'hound-tree/1',
    root_id: 'r',
    searches: [{ id: 'r', kind: 'username', query, parent_id: null, depth: 0, reason: null, status: 'completed' }],
    profiles,
  };
}
