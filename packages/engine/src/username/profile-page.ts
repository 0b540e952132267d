/**
 * Whether a result's address is a profile page a person can open (issue 41 item 7, decision 150), or only the
 * address the check asked: an API (`api.mojang.com/users/profiles/minecraft/{}`,
 * `rarible.com/marketplace/api/v4/urls/{}`) or the site's home page, which some catalogues give as the
 * "profile" of checks that ask a lookup endpoint (Discord, forums' `usernameExists` calls). One rule for the
 * engine (which profile address a merged site reports), the CLI and the server's API.
 */

/** A host's first label that names an API server: `api`, `api2`, `api-eu`, `apiv2`, `mapi`, `bjapi`. */
const API_HOST = /^(api[a-z0-9-]*|[a-z0-9]*api\d*)$/;
/** A path segment of an API or a script endpoint: `api`, `api-v2`, `api3`, `graphql`, `ajax`, `json`, `v4`, `v1.3`. */
const API_SEGMENT = /^(api([-.]?v?\d+(\.\d+)*)?|api-.+|graphql|ajax|json|v\d+(\.\d+)*)$/i;
/** A data file rather than a page. */
const DATA_FILE = /\.(json|xml)$/i;

/**
 * The address holds the username (in any case, percent-encoded, or without the `.`, `_` and `-` that some
 * catalogues strip before placing it), as a profile's address does.
 */
function namesUser(url: string, username: string): boolean {
  const lower = url.toLowerCase();
  const name = username.toLowerCase();
  const forms = [name, encodeURIComponent(name).toLowerCase(), name.replace(/[._-]/g, '')];
  return forms.some((form) => form !== '' && lower.includes(form));
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** True when `url` is an http(s) page of this username's profile: it names the user and is no API address. */
export function isProfilePage(url: string, username: string): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (!namesUser(url, username)) return false;
  // The name's own label or segment says nothing of the address (a user called `api` or `v2`).
  const other = (part: string) => !namesUser(part, username);
  const labels = parsed.hostname.split('.');
  // Only a subdomain's label: `rapidapi.com` is a site, `api.mojang.com` its API server.
  if (labels.length > 2 && other(labels[0] ?? '') && API_HOST.test(labels[0] ?? '')) return false;
  const segments = parsed.pathname.split('/').filter(Boolean).map(decode).filter(other);
  if (segments.some((segment) => API_SEGMENT.test(segment))) return false;
  if (DATA_FILE.test(parsed.pathname)) return false;
  return !/(^|&)(format|output)=(json|xml)(&|$)/i.test(parsed.search.slice(1));
}
