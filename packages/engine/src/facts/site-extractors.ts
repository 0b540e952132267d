import type { FactKind } from '@hound/contracts';

/**
 * Site-specific fact extractors, as data (like the catalogues): per field one way to read it from the
 * answer the check got — a JSON path for API answers, a selector (text or attribute) or a regular
 * expression for pages. Written from each site's public page markup and public API documentation;
 * every extractor has a fixture page test in `site-extractors.test.ts`.
 */
export interface FieldRule {
  kind: FactKind;
  /** Dotted path into a JSON answer; `*` steps over every item of an array. */
  json?: string;
  /** A compound selector (`tag.class[attr=value]`); the value is `attr` or else the element's text. */
  selector?: string;
  attr?: string;
  /** A pattern over the raw body (or over the value `json`/`selector` gave): capture group 1 is the value. */
  regex?: string;
  /** The site a `username`/`account_id`/`link` value belongs to. */
  site?: string;
  /** `unix-date`: seconds since 1970 → ISO date; `html-text`: tags removed. */
  as?: 'unix-date' | 'html-text';
  /** Builds the value from the read one (`{value}` marks it), e.g. a profile URL from a username. */
  template?: string;
}

export interface SiteExtractor {
  name: string;
  /** Host names (without `www.`) of the pages or API answers this extractor reads. */
  hosts: string[];
  fields: FieldRule[];
}

export const SITE_EXTRACTORS: readonly SiteExtractor[] = [
  {
    name: 'github',
    hosts: ['github.com', 'api.github.com'],
    fields: [
      // api.github.com/users/{name}
      { kind: 'display_name', json: 'name' },
      { kind: 'bio', json: 'bio' },
      { kind: 'location', json: 'location' },
      { kind: 'website', json: 'blog' },
      { kind: 'email', json: 'email' },
      { kind: 'username', json: 'twitter_username', site: 'Twitter' },
      { kind: 'account_id', json: 'id', site: 'GitHub' },
      { kind: 'avatar', json: 'avatar_url' },
      { kind: 'created_at', json: 'created_at' },
      { kind: 'followers', json: 'followers' },
      { kind: 'following', json: 'following' },
      // github.com/{name}: the profile page's vcard
      { kind: 'display_name', selector: 'span.p-name' },
      { kind: 'bio', selector: 'div.p-note', attr: 'data-bio-text' },
      { kind: 'location', selector: 'li[itemprop=homeLocation]' },
      { kind: 'avatar', selector: 'img.avatar-user', attr: 'src' },
      { kind: 'account_id', regex: '<meta name="octolytics-dimension-user_id" content="(\\d+)"', site: 'GitHub' },
      { kind: 'followers', regex: '<span class="text-bold[^"]*">([\\d.,]+k?)</span>\\s*followers' },
      { kind: 'following', regex: '<span class="text-bold[^"]*">([\\d.,]+k?)</span>\\s*following' },
    ],
  },
  {
    name: 'gitlab',
    hosts: ['gitlab.com'],
    fields: [
      // gitlab.com/api/v4/users?username={name}: a list of at most one user
      { kind: 'account_id', json: '0.id', site: 'GitLab' },
      { kind: 'display_name', json: '0.name' },
      { kind: 'avatar', json: '0.avatar_url' },
      // gitlab.com/{name}: the profile header
      { kind: 'display_name', selector: 'h1.user-profile-header-name' },
      { kind: 'bio', selector: 'p.profile-user-bio' },
      { kind: 'account_id', selector: 'div.user-profile', attr: 'data-user-id', site: 'GitLab' },
    ],
  },
  {
    name: 'reddit',
    hosts: ['reddit.com', 'old.reddit.com'],
    fields: [
      // reddit.com/user/{name}/about.json
      { kind: 'account_id', json: 'data.id', site: 'Reddit' },
      { kind: 'created_at', json: 'data.created_utc', as: 'unix-date' },
      { kind: 'avatar', json: 'data.icon_img' },
      { kind: 'display_name', json: 'data.subreddit.title' },
      { kind: 'bio', json: 'data.subreddit.public_description' },
    ],
  },
  {
    name: 'keybase',
    hosts: ['keybase.io'],
    fields: [
      // keybase.io/_/api/1.0/user/lookup.json?usernames={name}
      { kind: 'account_id', json: 'them.0.id', site: 'Keybase' },
      { kind: 'display_name', json: 'them.0.profile.full_name' },
      { kind: 'bio', json: 'them.0.profile.bio' },
      { kind: 'location', json: 'them.0.profile.location' },
      // Proofs: the accounts the owner proved are theirs, by service.
      { kind: 'link', json: 'them.0.proofs_summary.all.*.service_url' },
    ],
  },
  {
    name: 'mastodon',
    hosts: ['mastodon.social', 'mastodon.online', 'fosstodon.org', 'hachyderm.io', 'infosec.exchange'],
    fields: [
      // /api/v1/accounts/lookup?acct={name}
      { kind: 'account_id', json: 'id', site: 'Mastodon' },
      { kind: 'display_name', json: 'display_name' },
      { kind: 'bio', json: 'note', as: 'html-text' },
      { kind: 'avatar', json: 'avatar' },
      { kind: 'created_at', json: 'created_at' },
      { kind: 'followers', json: 'followers_count' },
      { kind: 'following', json: 'following_count' },
      // Profile metadata fields: the values are links (verified ones carry rel="me").
      { kind: 'link', json: 'fields.*.value', regex: 'href="([^"]+)"' },
    ],
  },
  {
    name: 'devto',
    hosts: ['dev.to'],
    fields: [
      // dev.to/api/users/by_username?url={name}
      { kind: 'account_id', json: 'id', site: 'DEV Community' },
      { kind: 'display_name', json: 'name' },
      { kind: 'bio', json: 'summary' },
      { kind: 'location', json: 'location' },
      { kind: 'website', json: 'website_url' },
      { kind: 'created_at', json: 'joined_at' },
      { kind: 'avatar', json: 'profile_image' },
      { kind: 'link', json: 'github_username', template: 'https://github.com/{value}' },
      { kind: 'link', json: 'twitter_username', template: 'https://twitter.com/{value}' },
    ],
  },
  {
    name: 'hackernews',
    hosts: ['news.ycombinator.com', 'hacker-news.firebaseio.com'],
    fields: [
      // hacker-news.firebaseio.com/v0/user/{name}.json
      { kind: 'created_at', json: 'created', as: 'unix-date' },
      { kind: 'bio', json: 'about', as: 'html-text' },
      { kind: 'followers', json: 'karma', regex: '^(\\d+)$', template: '{value} karma' },
      // news.ycombinator.com/user?id={name}: the profile table
      { kind: 'created_at', regex: '<a href="front\\?day=(\\d{4}-\\d{2}-\\d{2})' },
    ],
  },
  {
    name: 'dockerhub',
    hosts: ['hub.docker.com'],
    fields: [
      // hub.docker.com/v2/users/{name}/
      { kind: 'account_id', json: 'id', site: 'Docker Hub' },
      { kind: 'display_name', json: 'full_name' },
      { kind: 'location', json: 'location' },
      { kind: 'website', json: 'profile_url' },
      { kind: 'created_at', json: 'date_joined' },
      { kind: 'avatar', json: 'gravatar_url' },
    ],
  },
  {
    name: 'steam',
    hosts: ['steamcommunity.com'],
    fields: [
      // steamcommunity.com/id/{name}: the page script's profile data
      { kind: 'account_id', regex: '"steamid":"(\\d{17})"', site: 'Steam' },
      { kind: 'display_name', regex: '"personaname":"([^"]+)"' },
      { kind: 'location', regex: 'class="profile_flag"[^>]*>\\s*([^<]+?)\\s*</div>' },
      { kind: 'bio', selector: 'div.profile_summary' },
    ],
  },
  {
    name: 'twitch',
    hosts: ['twitch.tv', 'm.twitch.tv'],
    fields: [
      // twitch.tv/{name}: only the meta tags are server-rendered
      { kind: 'display_name', regex: '<meta property="og:title" content="([^"]+?) - Twitch"' },
      { kind: 'bio', selector: 'meta[name=description]', attr: 'content' },
      { kind: 'avatar', selector: 'meta[property=og:image]', attr: 'content' },
    ],
  },
];
