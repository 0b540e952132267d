/**
 * A catalogue's address reaches the API only as an http(s) link (decision 098): catalogues come from third
 * parties, and a `javascript:` or `data:` "profile" would run in the visitor's page when opened.
 */
export function isWebLink(url: string): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
