/**
 * Only http(s) addresses become links or get opened (decision 098): profile addresses come from third-party
 * catalogues, and a `javascript:` or `data:` one would run in this page (or a new one) when clicked.
 * The server already drops them; this holds for results stored before, and for exports.
 */
export function isWebLink(url: string | null | undefined): url is string {
  if (!url || !/^https?:\/\//i.test(url)) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
