/**
 * Result categories. The spec's keyword table on the platform name decides first (spec 000 §4: Reddit and
 * Quora are forums, Discord is gaming, whatever a catalogue says; decision 146); other sites take the
 * catalogues' category, and a site with none (or only a catch-all) is "other".
 */
export const SPEC_GROUPS = ['social', 'professional', 'gaming', 'forum', 'creative', 'other'] as const;
export type SpecGroup = (typeof SPEC_GROUPS)[number];

const KEYWORDS: Array<[SpecGroup, string[]]> = [
  ['social', ['facebook', 'twitter', 'instagram', 'linkedin', 'tiktok', 'snapchat', 'pinterest']],
  ['professional', ['github', 'gitlab', 'bitbucket', 'stackoverflow', 'medium', 'dev.to']],
  ['gaming', ['steam', 'twitch', 'discord', 'xbox', 'playstation', 'nintendo']],
  ['forum', ['reddit', 'quora', 'hackernews', '4chan', 'discourse']],
  ['creative', ['behance', 'dribbble', 'deviantart', 'flickr', 'youtube', 'vimeo']],
];

export function specGroupOf(platform: string): SpecGroup {
  const name = platform.toLowerCase();
  for (const [group, words] of KEYWORDS) if (words.some((w) => name.includes(w))) return group;
  return 'other';
}

const CATCH_ALL = new Set(['', 'other', 'misc', 'miscellaneous', 'unknown', 'uncategorized', 'uncategorised']);

/** Lower-case category id for a result: the spec's group when its name has a keyword, else the catalogue's. */
export function categoryOf(platform: string, category: string | undefined): string {
  const group = specGroupOf(platform);
  if (group !== 'other') return group;
  const given = (category ?? '').trim().toLowerCase();
  return CATCH_ALL.has(given) ? 'other' : given;
}

/**
 * Display name of a category: the catalogue's name for the spec's six groups, else the id made
 * readable ("coding", "adult-sites" → "Coding", "Adult sites").
 */
export function categoryLabel(id: string, names: Readonly<Record<SpecGroup, string>>): string {
  if ((SPEC_GROUPS as readonly string[]).includes(id)) return names[id as SpecGroup];
  const words = id.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Which of the spec's six groups a catalogue category belongs to (the catalogues use about seventy:
 * WhatsMyName's `cat`, Maigret's first tag). Anything not listed is "other".
 */
const GROUP_OF: Readonly<Record<string, SpecGroup>> = {
  social: 'social',
  networking: 'social',
  messaging: 'social',
  dating: 'social',
  geosocial: 'social',
  mastodon: 'social',
  sharing: 'social',
  links: 'social',
  bookmarks: 'social',
  parenting: 'social',
  religion: 'social',
  professional: 'professional',
  coding: 'professional',
  tech: 'professional',
  business: 'professional',
  career: 'professional',
  freelance: 'professional',
  finance: 'professional',
  crypto: 'professional',
  education: 'professional',
  research: 'professional',
  science: 'professional',
  hacking: 'professional',
  apps: 'professional',
  documents: 'professional',
  medicine: 'professional',
  health: 'professional',
  political: 'professional',
  classified: 'professional',
  gaming: 'gaming',
  gambling: 'gaming',
  anime: 'gaming',
  sport: 'gaming',
  forum: 'forum',
  discussion: 'forum',
  'q&a': 'forum',
  review: 'forum',
  wiki: 'forum',
  cybercriminal: 'forum',
  creative: 'creative',
  art: 'creative',
  music: 'creative',
  video: 'creative',
  photo: 'creative',
  images: 'creative',
  design: 'creative',
  movies: 'creative',
  writing: 'creative',
  fashion: 'creative',
  streaming: 'creative',
  books: 'creative',
  reading: 'creative',
  blog: 'creative',
};

export function groupOf(category: string): SpecGroup {
  return GROUP_OF[category] ?? 'other';
}
