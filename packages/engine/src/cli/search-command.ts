import type { SiteResult } from '../model.ts';
import { SearchError } from '../search/errors.ts';
import { EMAIL_INPUT_MESSAGE, isEmailLike } from '../username/email.ts';
import { normaliseUsernameInput } from '../username/input.ts';
import type { Command } from './args.ts';
import { palette, printable, verdictMark } from './color.ts';
import { engineFromArgs } from './engine-from-args.ts';
import { EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';
import { countVerdicts, type SearchRecord, writeCsv, writeJson } from './output-files.ts';
import { ProgressBar } from './progress.ts';

type SearchCommand = Extract<Command, { kind: 'search' }>;

function describe(result: SiteResult): string {
  if (result.verdict === 'found') return result.url;
  if (result.verdict === 'not_found') return 'not found';
  return `${result.verdict} (${result.reason ?? 'no reason'}): ${printable(result.evidence.rule)}`;
}

/** `hound USERNAME...`: searches each name in turn, printing found profiles as they arrive. */
export async function runSearch(command: SearchCommand, io: CliIo, version: string): Promise<number> {
  const out = palette(io.stdout.isTTY, command.common.noColor, io.env);
  const err = palette(io.stderr.isTTY, command.common.noColor, io.env);
  for (const username of command.usernames) {
    if (isEmailLike(username)) throw new SearchError('email_address', EMAIL_INPUT_MESSAGE);
    normaliseUsernameInput(username);
  }
  const engine = await engineFromArgs(command.common, io);
  const searches: SearchRecord[] = [];
  try {
    for (const username of command.usernames) {
      if (io.signal.aborted) break;
      const options = {
        ...(command.sites ? { sites: command.sites } : {}),
        ...(command.categories ? { categories: command.categories } : {}),
        nsfw: command.nsfw,
        includeUnreliable: command.includeUnreliable,
        signal: io.signal,
      };
      const stream = engine.searchUsername(username, options);
      const total = engine.countSites(options);
      io.stderr.write(`${err.bold(`Searching ${printable(username)}`)} on ${total} sites\n`);
      const bar = new ProgressBar(io.stderr, printable(username));
      const record: SearchRecord = {
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
        const show = result.verdict === 'found' || command.printAll;
        if (show) {
          bar.clear();
          const mark = verdictMark(out, result.verdict);
          io.stdout.write(`${mark} ${printable(result.name)}: ${describe(result)}\n`);
        }
        bar.update(progress.done, progress.total, found, show);
      }
      bar.clear();
      record.elapsedMs = Math.round(performance.now() - started);
      record.interrupted = io.signal.aborted;
      searches.push(record);
      const counts = countVerdicts(record.results);
      io.stderr.write(
        `${printable(username)}: ${err.green(`${counts.found} found`)}, ${counts.not_found} not found, ` +
          `${err.yellow(`${counts.unknown} unknown`)}, ${counts.invalid} invalid ` +
          `(${record.results.length} sites, ${(record.elapsedMs / 1000).toFixed(1)} s)` +
          `${record.interrupted ? ' — interrupted' : ''}\n`,
      );
      const refused = record.results.filter((r) => r.reason === 'blocked_address').length;
      if (refused > 0) {
        io.stderr.write(
          `${refused} ${refused === 1 ? 'site was' : 'sites were'} not asked: the address is not public ` +
            '(blocked_address; --allow-private-addresses allows it)\n',
        );
      }
    }
  } finally {
    await engine.close();
  }
  if (command.json) await writeJson(command.json, version, searches);
  if (command.csv) await writeCsv(command.csv, searches);
  return io.signal.aborted ? EXIT.interrupted : EXIT.ok;
}
