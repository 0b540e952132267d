import { type LeadSearch, type ProfileFact, type SearchTree, usernamesToSearch } from '@hound/contracts';
import type { EmailResult, Engine, SiteResult } from '../model.ts';
import type { WatchSiteState } from '../watch/diff.ts';
import type { Command, UsernameScope } from './args.ts';
import { counted, palette, printable, verdictMark } from './color.ts';
import { compare, describeComparison, readEarlier, watchSection } from './compare.ts';
import { engineFromArgs } from './engine-from-args.ts';
import { EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';
import { followLeads } from './lead-tree.ts';
import { type LocalFailure, reportLocalFailure, searchEach } from './local-failure.ts';
import { countVerdicts, type EmailSearchRecord, type SearchRecord, writeCsv, writeJson } from './output-files.ts';
import { foundAddress } from './profile-link.ts';
import { ProgressBar } from './progress.ts';
import { checkUsernames } from './username-rule.ts';

type SearchCommand = Extract<Command, { kind: 'search' }>;
type Palette = ReturnType<typeof palette>;

/** A result's line after the site's name; `username` for a username search's (its profile page or API). */
function describe(result: SiteResult | EmailResult, username?: string): string {
  if (result.verdict === 'found' && username !== undefined) return foundAddress(result as SiteResult, username);
  if (result.verdict === 'found') return result.url || 'account';
  if (result.verdict === 'not_found') return 'not found';
  return `${result.verdict} (${result.reason ?? 'no reason'}): ${printable(result.evidence.rule)}`;
}

/** One line of the facts a found profile states (recursive searches print them under the profile). */
function factsLine(facts: readonly ProfileFact[]): string | undefined {
  const parts: string[] = [];
  const name = facts.find((f) => f.kind === 'display_name');
  if (name) parts.push(`name: ${name.value}`);
  const others = facts.filter((f) => f.kind === 'username' || f.kind === 'email');
  if (others.length > 0)
    parts.push(`links: ${others.map((f) => (f.site ? `${f.site}/${f.value}` : f.value)).join(', ')}`);
  return parts.length > 0 ? printable(parts.join(' · ')) : undefined;
}

/** One command's searches: how they run and print, and the records `--json`/`--csv` write. */
export interface LeadRun {
  engine: Engine;
  io: CliIo;
  out: Palette;
  err: Palette;
  scope: UsernameScope;
  printAll: boolean;
  /** `--recursive --depth N` (0: leads are not followed, and facts are not printed). */
  depth: number;
  searches: SearchRecord[];
  emailSearches: EmailSearchRecord[];
}

/** A command's run with no searches recorded yet; both the username and the email command start from one. */
export function newLeadRun(fields: Omit<LeadRun, 'searches' | 'emailSearches'>): LeadRun {
  return { ...fields, searches: [], emailSearches: [] };
}

/** `hound USERNAME...`: searches each name in turn, printing found profiles as they arrive. */
export async function runSearch(command: SearchCommand, io: CliIo, version: string): Promise<number> {
  const out = palette(io.stdout.isTTY, command.common.noColor, io.env);
  const err = palette(io.stderr.isTTY, command.common.noColor, io.env);
  checkUsernames(command.usernames);
  // Read before searching: a bad file is a usage error, not a wasted search.
  const earlier = command.compare ? await readEarlier(command.compare) : undefined;
  const engine = await engineFromArgs(command.common, io);
  const scope: UsernameScope = {
    ...(command.sites ? { sites: command.sites } : {}),
    ...(command.categories ? { categories: command.categories } : {}),
    nsfw: command.nsfw,
    includeUnreliable: command.includeUnreliable,
    facts: command.facts,
  };
  const run = newLeadRun({ engine, io, out, err, scope, printAll: command.printAll, depth: command.depth });
  const trees: SearchTree[] = [];
  let failure: LocalFailure | undefined;
  const watched = new Map<string, Map<string, WatchSiteState>>();
  try {
    failure = await searchEach(command.usernames, io, command.common.proxy, async (username, index) => {
      const walk = { depth: run.depth, io, out, search: (s: LeadSearch, indent: string) => searchLead(run, s, indent) };
      const first = run.searches.length;
      trees.push(await followLeads(walk, { kind: 'username', query: username }, `t${index + 1}s`));
      return run.searches[first]?.results ?? [];
    });
    // A run the local set-up failed (no site reachable) says nothing about the sites: nothing to compare.
    if (earlier && command.compare && !failure) {
      for (const record of run.searches) {
        const comparison = await compare(engine, earlier, record, io.signal);
        watched.set(record.username, comparison.states);
        io.stdout.write(`${describeComparison(record.username, command.compare, earlier, comparison).join('\n')}\n`);
      }
    }
  } finally {
    await engine.close();
  }
  if (command.json) {
    const watch = earlier ? watchSection(watched) : undefined;
    await writeJson(command.json, version, run.searches, trees, run.emailSearches, watch);
  }
  if (command.csv) await writeCsv(command.csv, run.searches);
  if (io.signal.aborted) return EXIT.interrupted;
  return failure ? reportLocalFailure(io, failure) : EXIT.ok;
}

/** A search of a tree: a username's with the run's scope, an address's with the quiet checks only. */
export function searchLead(
  run: LeadRun,
  search: LeadSearch,
  indent: string,
): Promise<ReadonlyArray<SiteResult | EmailResult>> {
  return search.kind === 'username' ? runUsername(run, search, indent) : runEmail(run, search, indent);
}

async function runUsername(run: LeadRun, search: LeadSearch, indent: string): Promise<SiteResult[]> {
  const { engine, io, out, err } = run;
  const username = search.query;
  const options = { ...run.scope, signal: io.signal };
  const stream = engine.searchUsername(username, options);
  const total = engine.countSites(options);
  io.stderr.write(`${err.bold(`Searching ${printable(username)}`)} on ${counted(total, 'site')}\n`);
  const bar = new ProgressBar(io.stderr, printable(username));
  const record: SearchRecord = {
    searchId: search.id,
    username,
    startedAt: new Date().toISOString(),
    elapsedMs: 0,
    interrupted: false,
    results: [],
  };
  const started = performance.now();
  let found = 0;
  for await (const { result, progress } of stream) {
    record.results.push(result);
    if (result.verdict === 'found') found++;
    const show = result.verdict === 'found' || run.printAll;
    if (show) {
      bar.clear();
      io.stdout.write(
        `${indent}${verdictMark(out, result.verdict)} ${printable(result.name)}: ${describe(result, username)}\n`,
      );
      const facts = run.depth > 0 && result.facts ? factsLine(result.facts) : undefined;
      if (facts) io.stdout.write(`${indent}    ${facts}\n`);
    }
    bar.update(progress.done, progress.total, found, show);
  }
  bar.clear();
  record.elapsedMs = Math.round(performance.now() - started);
  record.interrupted = io.signal.aborted;
  run.searches.push(record);
  const counts = countVerdicts(record.results);
  io.stderr.write(
    `${printable(username)}: ${err.green(`${counts.found} found`)}, ${counts.not_found} not found, ` +
      `${err.yellow(`${counts.unknown} unknown`)}, ${counts.invalid} invalid ` +
      `(${counted(record.results.length, 'site')}, ${(record.elapsedMs / 1000).toFixed(1)} s)` +
      `${record.interrupted ? ' — interrupted' : ''}\n`,
  );
  const refused = record.results.filter((r) => r.reason === 'blocked_address').length;
  if (refused > 0) {
    io.stderr.write(
      `${refused} ${refused === 1 ? 'site was' : 'sites were'} not asked: the address is not public ` +
        '(blocked_address; --allow-private-addresses allows it)\n',
    );
  }
  return record.results;
}

/**
 * An address a profile stated: the email checks, never the loud or adult ones and without keys (a lead is
 * not the address the user asked about), its found accounts printed.
 */
async function runEmail(run: LeadRun, search: LeadSearch, indent: string): Promise<EmailResult[]> {
  const { engine, io, out, err } = run;
  io.stderr.write(
    `${err.bold(`Searching ${printable(search.query)}`)} with ${engine.countEmailChecks()} email checks\n`,
  );
  const record: EmailSearchRecord = {
    searchId: search.id,
    email: search.query,
    startedAt: new Date().toISOString(),
    elapsedMs: 0,
    interrupted: false,
    results: [],
    usernames: [],
  };
  const started = performance.now();
  for await (const { result } of engine.searchEmail(search.query, { signal: io.signal })) {
    record.results.push(result);
    if (result.verdict === 'found' || run.printAll) {
      io.stdout.write(`${indent}${verdictMark(out, result.verdict)} ${printable(result.name)}: ${describe(result)}\n`);
    }
  }
  record.elapsedMs = Math.round(performance.now() - started);
  record.interrupted = io.signal.aborted;
  record.usernames = usernamesToSearch(search.query, record.results);
  run.emailSearches.push(record);
  const found = record.results.filter((r) => r.verdict === 'found').length;
  io.stderr.write(`${printable(search.query)}: ${err.green(`${found} found`)} (${record.results.length} checks)\n`);
  return record.results;
}
