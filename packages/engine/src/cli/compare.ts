/**
 * `hound NAME --compare last.json`: what changed since an earlier `--json` export, by the watchlists' own
 * rules (`watch/diff.ts`, decision 139) — only decided verdicts count, a new account is re-checked with a
 * never-registered name before it is reported, a lost one needs two runs in a row. A `--json` export of a
 * compared run carries each name's watch state (`watch`), so `hound alice --compare last.json --json
 * last.json` from cron keeps the same state a server's watch keeps.
 */
import { readFile } from 'node:fs/promises';
import { randomUsername } from '../health/random-username.ts';
import type { Engine, SiteResult } from '../model.ts';
import {
  applyConfirmation,
  applyRun,
  baselineFrom,
  isRunComplete,
  observationOf,
  type WatchEventDraft,
  type WatchObservation,
  type WatchSiteState,
} from '../watch/diff.ts';
import { UsageError } from './args.ts';
import { printable } from './color.ts';
import type { SearchRecord } from './output-files.ts';

/** What an earlier export holds for one name: its watch state, or its results to start one from. */
export interface Earlier {
  generatedAt: string;
  /** By username: the state a compared run left, or undefined (then the results are the baseline). */
  states: Map<string, Map<string, WatchSiteState>>;
  results: Map<string, SiteResult[]>;
}

/** The `watch` section of an export: each name's per-site state (`hound-watch/1`). */
export type WatchSection = Record<string, { format: 'hound-watch/1'; sites: Record<string, WatchSiteState> }>;

export async function readEarlier(file: string): Promise<Earlier> {
  let body: { generatedAt?: unknown; searches?: unknown; watch?: unknown };
  try {
    body = JSON.parse(await readFile(file, 'utf8')) as typeof body;
  } catch (error) {
    throw new UsageError(`--compare: cannot read ${file} as a hound --json export (${(error as Error).message})`);
  }
  if (!Array.isArray(body.searches) || typeof body.generatedAt !== 'string') {
    throw new UsageError(`--compare: ${file} is not a hound --json export`);
  }
  const results = new Map<string, SiteResult[]>();
  for (const search of body.searches as SearchRecord[]) {
    if (search && typeof search.username === 'string' && Array.isArray(search.results) && !search.interrupted) {
      results.set(search.username, search.results);
    }
  }
  const states = new Map<string, Map<string, WatchSiteState>>();
  for (const [name, section] of Object.entries((body.watch ?? {}) as WatchSection)) {
    if (section?.format === 'hound-watch/1') states.set(name, new Map(Object.entries(section.sites)));
  }
  return { generatedAt: body.generatedAt, states, results };
}

async function check(engine: Engine, username: string, sites: string[], signal: AbortSignal) {
  const out: WatchObservation[] = [];
  for await (const { result } of engine.searchUsername(username, { sites, signal })) out.push(observationOf(result));
  return out;
}

export interface Comparison {
  /** Nothing to compare against (the name is not in the file): this run is the baseline. */
  baseline: boolean;
  complete: boolean;
  events: WatchEventDraft[];
  /** Candidates that stay pending: a found not confirmed, or a first not found of a present site. */
  pending: Array<{ site: string; name: string; pending: 'present' | 'absent' }>;
  states: Map<string, WatchSiteState>;
}

/** Applies the current record to the earlier state; a new found is re-checked at once with a control name. */
export async function compare(
  engine: Engine,
  earlier: Earlier,
  record: SearchRecord,
  signal: AbortSignal,
): Promise<Comparison> {
  const at = new Date().toISOString();
  const observations = record.results.map(observationOf);
  const stored = earlier.states.get(record.username);
  const before = earlier.results.get(record.username);
  const previous =
    stored ??
    (before ? baselineFrom(before.map(observationOf), earlier.generatedAt) : new Map<string, WatchSiteState>());
  const baseline = !stored && !before;
  const complete = isRunComplete(!record.interrupted, observations);
  const run = applyRun(previous, {
    complete,
    at,
    observations,
    baselineDone: !baseline,
  });
  let states = run.states;
  const events = run.events.filter((e) => e.type !== 'baseline');
  if (run.confirm.length > 0 && !signal.aborted) {
    const target = await check(engine, record.username, run.confirm, signal);
    const control = await check(engine, randomUsername(), run.confirm, signal);
    const confirmed = applyConfirmation(states, { complete: !signal.aborted, at, target, control });
    states = confirmed.states;
    events.push(...confirmed.events);
  }
  const pending = [...states]
    .filter(([, s]) => s.pending !== null)
    .map(([site, s]) => ({ site, name: s.name, pending: s.pending! }));
  return { baseline, complete, events, pending, states };
}

/** The lines `--compare` prints for one name. */
export function describeComparison(username: string, file: string, earlier: Earlier, c: Comparison): string[] {
  const name = printable(username);
  if (c.baseline) return [`${name}: not in ${file}; this run is its baseline.`];
  if (!c.complete)
    return [`${name}: this run did not cover its sites (interrupted or too many failures); nothing compared.`];
  const lines = [`${name}: changes since ${earlier.generatedAt} (${file}):`];
  for (const e of c.events) {
    const site = printable(e.siteName ?? e.site ?? '');
    const url = typeof e.detail.url === 'string' ? ` ${printable(e.detail.url)}` : '';
    if (e.type === 'appeared')
      lines.push(`  + ${site}: new account${url} (a never-registered name was not found there)`);
    else if (e.type === 'disappeared') lines.push(`  - ${site}: account gone${url} (not found on two runs in a row)`);
    else if (e.type === 'unwatchable')
      lines.push(`  ! ${site}: could not be checked for ${String(e.detail.runs)} runs (${String(e.detail.reason)})`);
    else if (e.type === 'watchable_again') lines.push(`  ✓ ${site}: can be checked again`);
    else if (e.type === 'newly_covered')
      lines.push(`  · ${String(e.detail.count)} sites checked for the first time (not changes)`);
  }
  for (const p of c.pending) {
    lines.push(
      p.pending === 'present'
        ? `  ? ${printable(p.name)}: found, not confirmed yet (the next run decides)`
        : `  ? ${printable(p.name)}: not found this time; reported as gone if the next run agrees`,
    );
  }
  if (lines.length === 1) lines.push('  nothing changed');
  return lines;
}

/** The `watch` section a compared run writes into its `--json` export. */
export function watchSection(states: Map<string, Map<string, WatchSiteState>>): WatchSection {
  return Object.fromEntries(
    [...states].map(([name, sites]) => [name, { format: 'hound-watch/1' as const, sites: Object.fromEntries(sites) }]),
  );
}
