import type { CatalogueFormat } from '../model.ts';

/** Sherlock's published manifest (sherlock_project/sites.py `MANIFEST_URL`). */
export const SHERLOCK_MANIFEST_URL = 'https://data.sherlockproject.xyz';
/** The same file on the main branch, used when the manifest host fails. */
export const SHERLOCK_MANIFEST_FALLBACK_URL =
  'https://raw.githubusercontent.com/sherlock-project/sherlock/master/sherlock_project/resources/data.json';
export const WHATSMYNAME_URL = 'https://raw.githubusercontent.com/WebBreacher/WhatsMyName/main/wmn-data.json';
/** `refs/heads/` avoids the stale tag also named `main` (research/sherlock-maigret.md §8). */
export const MAIGRET_URL =
  'https://raw.githubusercontent.com/soxoj/maigret/refs/heads/main/maigret/resources/data.json';
/** Sites Sherlock's nightly CI found claiming random usernames; one name per line. */
export const SHERLOCK_EXCLUSIONS_URL =
  'https://raw.githubusercontent.com/sherlock-project/sherlock/refs/heads/exclusions/false_positive_exclusions.txt';

/** Where a catalogue comes from: URLs tried in order (cached), or a local file (read each time). */
export type CatalogueSource =
  | { name: string; format?: CatalogueFormat; urls: readonly string[] }
  | { name: string; format?: CatalogueFormat; path: string };

export const DEFAULT_CATALOGUE_SOURCES: readonly CatalogueSource[] = [
  { name: 'sherlock', format: 'sherlock', urls: [SHERLOCK_MANIFEST_URL, SHERLOCK_MANIFEST_FALLBACK_URL] },
  { name: 'whatsmyname', format: 'whatsmyname', urls: [WHATSMYNAME_URL] },
  { name: 'maigret', format: 'maigret', urls: [MAIGRET_URL] },
];

/** A `--catalogue FILE|URL` argument as a source; the format is detected from the content. */
export function catalogueSourceFromArg(arg: string): CatalogueSource {
  return /^https?:\/\//i.test(arg) ? { name: arg, urls: [arg] } : { name: arg, path: arg };
}
