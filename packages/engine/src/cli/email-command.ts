import { writeFile } from 'node:fs/promises';
import { type LeadSearch, type SearchTree, usernamesToSearch } from '@hound/contracts';
import { normaliseEmail } from '../email/address.ts';
import { BUNDLED_EMAIL_CATALOGUE } from '../email/load-email-catalogue.ts';
import { createEngine } from '../engine.ts';
import type { EmailResult, Engine } from '../model.ts';
import { type Command, parseCommand, UsageError } from './args.ts';
import { palette, printable, verdictMark } from './color.ts';
import { csvRow } from './csv.ts';
import { listEmailChecks } from './email-list.ts';
import { allowsPrivateAddresses, engineFromArgs } from './engine-from-args.ts';
import { EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';
import { followLeads } from './lead-tree.ts';
import { type LocalFailure, reportLocalFailure, searchEach } from './local-failure.ts';
import { type EmailSearchRecord, writtenSearch } from './output-files.ts';
import { ProgressBar } from './progress.ts';

type EmailCommand = Extract<Command, { kind: 'email' }>;

function describe(result: EmailResult): string {
  if (result.verdict === 'found') return result.url || `account (${result.method})`;
  if (result.verdict === 'not_found') return 'not registered';
  return `${result.verdict} (${result.reason ?? 'no reason'}): ${printable(result.evidence.rule)}`;
}

/** HOUND_EMAIL_LOUD=true (as for the server) or `--loud`. */
function loudChecks(command: EmailCommand, env: NodeJS.ProcessEnv): boolean {
  const value = (env.HOUND_EMAIL_LOUD ?? '').trim().toLowerCase();
  if (!['', 'true', '1', 'false', '0'].includes(value))
    throw new UsageError(`HOUND_EMAIL_LOUD takes true or false, got "${value}"`);
  return command.loud || value === 'true' || value === '1';
}

interface AddressRun {
  command: EmailCommand;
  engine: Engine;
  io: CliIo;
  out: ReturnType<typeof palette>;
  err: ReturnType<typeof palette>;
  loud: boolean;
}

/**
 * `hound email ADDRESS…`: where each address has an account, from the email-check catalogue. Keyed checks
 * read their key from the environment (e.g. `HIBP_API_KEY`); loud checks run only with `--loud` or
 * HOUND_EMAIL_LOUD=true; adult sites' only with `--adult`. `--timeout` is each check's whole budget. `hound email --list`: the checks and
 * the catalogue lint's findings. `--recursive`: each address is the root of a search tree (decision 117).
 */
export async function runEmail(command: EmailCommand, io: CliIo, version: string): Promise<number> {
  for (const address of command.addresses) normaliseEmail(address);
  const loud = loudChecks(command, io.env);
  const out = palette(io.stdout.isTTY, command.common.noColor, io.env);
  const err = palette(io.stderr.isTTY, command.common.noColor, io.env);
  const { common } = command;
  const emailCatalogues = command.emailCatalogues ?? [BUNDLED_EMAIL_CATALOGUE];
  // Following leads needs the username catalogues too; a plain email search loads none.
  const engine = command.recursive
    ? await engineFromArgs(common, io, { emailCatalogues })
    : await createEngine({
        checks: [],
        emailCatalogues,
        ...(common.proxy ? { proxy: common.proxy } : {}),
        ...(common.ca ? { caFile: common.ca } : {}),
        ...(common.userAgent ? { userAgent: common.userAgent } : {}),
        ...(common.timeoutMs ? { timeoutMs: common.timeoutMs } : {}),
        ...(common.dataDir ? { dataDir: common.dataDir } : {}),
        // A second run within the window asks no control the first one asked (decision 162).
        keepEmailControls: true,
        allowPrivateAddresses: allowsPrivateAddresses(common, io.env),
      });
  if (command.list) {
    try {
      listEmailChecks(engine.emailChecks, io, loud, command.adult);
    } finally {
      await engine.close();
    }
    return EXIT.ok;
  }
  const run: AddressRun = { command, engine, io, out, err, loud };
  if (command.recursive) return searchTrees(run, command.recursive, version);
  const records: EmailSearchRecord[] = [];
  let failure: LocalFailure | undefined;
  try {
    failure = await searchEach(command.addresses, io, common.proxy, async (address) => {
      const record = await searchAddress(run, address);
      records.push(record);
      return record.results;
    });
  } finally {
    await engine.close();
  }
  if (command.json) {
    const body = { tool: 'hound', kind: 'email', version, generatedAt: new Date().toISOString(), searches: records };
    await writeFile(command.json, `${JSON.stringify(body, null, 2)}\n`, 'utf8');
  }
  if (command.csv) await writeEmailCsv(command.csv, records);
  if (io.signal.aborted) return EXIT.interrupted;
  if (failure) return reportLocalFailure(io, failure);
  if (command.usernames) return searchUsernames(command, command.usernames, records, io, version);
  return EXIT.ok;
}

/**
 * One address the user gave, with the options they gave (loud, adult, keys), its found accounts printed as
 * they arrive and its summary on stderr.
 */
async function searchAddress(run: AddressRun, address: string, searchId?: string): Promise<EmailSearchRecord> {
  const { command, engine, io, out, err, loud } = run;
  io.stderr.write(
    `${err.bold(`Searching ${printable(address)}`)} with ${engine.countEmailChecks({ adult: command.adult })} checks\n`,
  );
  const bar = new ProgressBar(io.stderr, printable(address));
  const record: EmailSearchRecord = {
    ...(searchId ? { searchId } : {}),
    email: address,
    startedAt: new Date().toISOString(),
    elapsedMs: 0,
    interrupted: false,
    results: [],
    usernames: [],
  };
  const started = performance.now();
  let found = 0;
  for await (const { result, progress } of engine.searchEmail(address, {
    loud,
    adult: command.adult,
    keys: { HIBP_API_KEY: io.env.HIBP_API_KEY },
    signal: io.signal,
  })) {
    record.results.push(result);
    if (result.verdict === 'found') found++;
    const show = result.verdict === 'found' || command.printAll;
    if (show) {
      bar.clear();
      const mark = verdictMark(out, result.verdict);
      io.stdout.write(`${mark} ${printable(result.name)} (${result.domain}): ${describe(result)}\n`);
      for (const r of result.records ?? []) io.stdout.write(`    ${printable(r.type)}: ${printable(r.data)}\n`);
    }
    bar.update(progress.done, progress.total, found, show);
  }
  bar.clear();
  record.elapsedMs = Math.round(performance.now() - started);
  record.interrupted = io.signal.aborted;
  record.usernames = usernamesToSearch(address, record.results);
  const count = (v: EmailResult['verdict']) => record.results.filter((r) => r.verdict === v).length;
  io.stderr.write(
    `${printable(address)}: ${err.green(`${count('found')} found`)}, ${count('not_found')} not registered, ` +
      `${err.yellow(`${count('unknown')} unknown`)}, ${count('invalid')} skipped (${(record.elapsedMs / 1000).toFixed(1)} s)\n`,
  );
  return record;
}

/**
 * `--recursive`: each address is the root of a search tree; its pivots (local part, usernames its checks
 * returned) become username searches that follow their own leads, as `hound NAME --recursive` does. Only
 * the root runs with --loud, --adult and the keys; an address found further down runs the quiet checks.
 */
async function searchTrees(
  run: AddressRun,
  follow: NonNullable<EmailCommand['recursive']>,
  version: string,
): Promise<number> {
  const { command, engine, io, out, err } = run;
  const { newLeadRun, searchLead } = await import('./search-command.ts');
  const leads = newLeadRun({
    engine,
    io,
    out,
    err,
    scope: follow.scope,
    printAll: command.printAll,
    depth: follow.depth,
  });
  const trees: SearchTree[] = [];
  let failure: LocalFailure | undefined;
  try {
    failure = await searchEach(command.addresses, io, command.common.proxy, async (address, index) => {
      let root: EmailSearchRecord | undefined;
      const search = async (s: LeadSearch, indent: string) => {
        if (s.parent_id !== null) return searchLead(leads, s, indent);
        root = await searchAddress(run, s.query, s.id);
        leads.emailSearches.push(root);
        return root.results;
      };
      const walk = { depth: follow.depth, io, out, search };
      trees.push(await followLeads(walk, { kind: 'email', query: address }, `t${index + 1}s`));
      return root?.results ?? [];
    });
  } finally {
    await engine.close();
  }
  if (command.json) {
    const body = {
      tool: 'hound',
      kind: 'email',
      version,
      generatedAt: new Date().toISOString(),
      searches: leads.emailSearches,
      usernameSearches: leads.searches.map(writtenSearch),
      trees,
    };
    await writeFile(command.json, `${JSON.stringify(body, null, 2)}\n`, 'utf8');
  }
  if (command.csv) await writeEmailCsv(command.csv, leads.emailSearches);
  if (io.signal.aborted) return EXIT.interrupted;
  return failure ? reportLocalFailure(io, failure) : EXIT.ok;
}

/** `--csv FILE`: one row per email search and check. */
async function writeEmailCsv(file: string, records: readonly EmailSearchRecord[]): Promise<void> {
  let text = csvRow([
    'email',
    'site',
    'domain',
    'url',
    'verdict',
    'reason',
    'method',
    'http_status',
    'rule',
    'records',
  ]);
  for (const record of records)
    for (const r of record.results)
      text += csvRow([
        record.email,
        r.name,
        r.domain,
        r.url,
        r.verdict,
        r.reason,
        r.method,
        r.evidence.status,
        r.evidence.rule,
        (r.records ?? []).map((x) => `${x.type}: ${x.data}`).join(' | '),
      ]);
  await writeFile(file, text, 'utf8');
}

/**
 * `--usernames` (issue 26 item 4): prints the names, then runs the username search for them, as
 * `hound NAME…` would with the same options (its found profiles on stdout, its summary on stderr).
 */
async function searchUsernames(
  command: EmailCommand,
  scope: NonNullable<EmailCommand['usernames']>,
  records: EmailSearchRecord[],
  io: CliIo,
  version: string,
): Promise<number> {
  const seen = new Set<string>();
  const names = records
    .flatMap((r) => r.usernames)
    .filter((name) => !seen.has(name.toLowerCase()) && seen.add(name.toLowerCase()));
  if (names.length === 0) {
    io.stderr.write('No usernames to search: no address has a local part a username search accepts.\n');
    return EXIT.ok;
  }
  io.stderr.write(`Username search for: ${names.map(printable).join(', ')}\n`);
  const { runSearch } = await import('./search-command.ts');
  // A username search's defaults as `hound -- NAME…` has them, then this command's scope and network options.
  const base = parseCommand(['--', ...names]) as Extract<Command, { kind: 'search' }>;
  return runSearch({ ...base, printAll: command.printAll, ...scope, common: command.common }, io, version);
}
