import { printable } from './color.ts';
import { EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';

/** What a result needs for the check below: username and email results alike. */
interface Checked {
  verdict: string;
  reason?: string | undefined;
  evidence: { rule: string };
}

/** Failures before any site could answer: the connection, its name lookup, its TLS, or no answer in time. */
const TRANSPORT = new Set(['network', 'dns', 'tls', 'timeout']);

/** TLS failures that say the certificate chain is not trusted here (a missing `--ca`, an intercepting proxy). */
const UNTRUSTED =
  /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_GET_ISSUER_CERT/;

/**
 * Whether this search's failures point at this machine's set-up rather than at the sites, and why, in one
 * line (issue 41 item 5; decision 150) — else undefined:
 * - every check that was sent failed on the connection, DNS, TLS or the time budget: nothing was learned;
 * - or more than half failed TLS verification with an untrusted chain: on the public internet a handful of
 *   ~2,800 sites have a broken certificate, while a missing CA of an intercepting proxy fails every HTTPS site
 *   (≈ 70–99 % of them), so half separates the two with room either side.
 * Checks never sent (invalid, refused non-public addresses, cancelled) do not count.
 */
export function localFailure(results: readonly Checked[], proxy: string | undefined): string | undefined {
  const sent = results.filter(
    (r) => r.verdict !== 'invalid' && r.reason !== 'blocked_address' && r.reason !== 'cancelled',
  );
  if (sent.length === 0) return undefined;
  const failed = sent.filter((r) => r.verdict === 'unknown' && TRANSPORT.has(r.reason ?? ''));
  const untrusted = failed.filter((r) => r.reason === 'tls' && UNTRUSTED.test(r.evidence.rule));
  const via = proxy ? `the proxy${proxyHost(proxy)}` : undefined;
  if (untrusted.length * 2 > sent.length) {
    return (
      `${untrusted.length === sent.length ? 'all' : `${untrusted.length} of`} ${sent.length} sites failed TLS ` +
      `verification (${example(untrusted)}): ` +
      `${via ?? 'something on this network'} intercepts TLS; give its CA certificate with --ca FILE`
    );
  }
  if (failed.length < sent.length) return undefined;
  const reason = mostCommon(failed.map((r) => r.reason ?? ''));
  const sample = example(failed.filter((r) => r.reason === reason));
  const all = sent.length === 1 ? 'the only site asked' : `all ${sent.length} sites`;
  switch (reason) {
    case 'tls':
      return `no site could be reached: ${all} failed TLS (${sample})${via ? `; check ${via} (--proxy, --ca)` : ''}`;
    case 'dns':
      return `no site could be reached: no host name resolved (${sample}); ${via ? `check ${via} (--proxy)` : 'check the network connection and DNS'}`;
    case 'timeout':
      return `no site answered: ${all} timed out; ${via ? `check that ${via} answers (--proxy)` : 'check the network connection'}, or allow more time (--timeout)`;
    default:
      return via
        ? `no site could be reached through ${via} (${sample}); check --proxy`
        : `no site could be reached: the connection failed for ${all} (${sample}); check the network connection`;
  }
}

/** ` at HOST:PORT`: the proxy's URL may hold a user name and password, never printed. */
function proxyHost(proxy: string): string {
  try {
    return ` at ${new URL(proxy).host}`;
  } catch {
    return '';
  }
}

/** Why a command stopped early: its searches failed on this machine's set-up. */
export interface LocalFailure {
  why: string;
  /** The names or addresses given after the one that failed, not searched. */
  notSearched: string[];
}

/**
 * Searches each name or address given in turn (`search` returns the results of the one given, not of the
 * leads it followed) and stops when they show that this machine cannot reach the sites: the next would
 * fail the same way. Ctrl-C stops it too, without a failure.
 */
export async function searchEach(
  queries: readonly string[],
  io: CliIo,
  proxy: string | undefined,
  search: (query: string, index: number) => Promise<readonly Checked[]>,
): Promise<LocalFailure | undefined> {
  for (const [index, query] of queries.entries()) {
    if (io.signal.aborted) return undefined;
    const results = await search(query, index);
    const why = io.signal.aborted ? undefined : localFailure(results, proxy);
    if (why) return { why, notSearched: queries.slice(index + 1) };
  }
  return undefined;
}

/** The command's last line on stderr (`hound: …`) and its exit status: 1, as for a bad proxy or CA. */
export function reportLocalFailure(io: CliIo, failure: LocalFailure): number {
  const rest = failure.notSearched.length > 0 ? `; not searched: ${failure.notSearched.map(printable).join(', ')}` : '';
  io.stderr.write(`hound: ${failure.why}${rest}\n`);
  return EXIT.runtime;
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/** One failure's own words, without the catalogue name a merged site's rule starts with; printable. */
function example(results: readonly Checked[]): string {
  const rule = results[0]?.evidence.rule ?? '';
  return printable(rule.replace(/^(sherlock|whatsmyname|maigret|hound): /, '').slice(0, 120));
}
