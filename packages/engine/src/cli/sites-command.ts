import type { HoundEngine } from '../engine.ts';
import type { Site, SiteCheck } from '../model.ts';
import { weakPresenceStats } from '../rules/weak-markers.ts';
import type { Command } from './args.ts';
import { palette, printable } from './color.ts';
import { engineFromArgs } from './engine-from-args.ts';
import { EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';
import { ProgressBar } from './progress.ts';

type SitesCommand = Extract<Command, { kind: 'sites' }>;

/** `hound sites update|list|stats|selftest`. */
export async function runSites(command: SitesCommand, io: CliIo): Promise<number> {
  const engine = await engineFromArgs(command.common, io, { refresh: command.action === 'update' });
  try {
    switch (command.action) {
      case 'update':
        printSources(engine, io);
        break;
      case 'list':
        printList(engine, command, io);
        break;
      case 'stats':
        printStats(engine, io);
        break;
      case 'selftest':
        await selfTest(engine, command, io);
        break;
    }
  } finally {
    await engine.close();
  }
  return io.signal.aborted ? EXIT.interrupted : EXIT.ok;
}

function printSources(engine: HoundEngine, io: CliIo): void {
  for (const source of engine.sources) {
    const when = source.fetchedAt ? ` fetched ${source.fetchedAt}` : '';
    const hash = source.sha256 ? ` sha256 ${source.sha256.slice(0, 12)}` : '';
    io.stdout.write(
      `${source.name}: ${source.entries} entries from ${source.origin} ${source.location}${when}${hash}\n`,
    );
  }
  io.stdout.write(`${engine.sites.length} sites after merging by host\n`);
}

function checkStatus(check: SiteCheck): string | undefined {
  if (check.unsupported) return `unsupported: ${check.unsupported.detail}`;
  if (check.disabled) return 'disabled';
  if (check.excluded) return `excluded: ${check.excluded.reason}`;
  return undefined;
}

function siteStatus(site: Site, engine: HoundEngine): string {
  const health = engine.health().find((h) => h.siteId === site.id);
  if (health && !health.reliable) return `unreliable: ${health.reason ?? 'failed the self-test'}`;
  const statuses = site.checks.map(checkStatus);
  if (statuses.some((s) => s === undefined)) return site.nsfw ? 'nsfw (searched with --nsfw)' : 'searched';
  return statuses[0] as string;
}

function printList(engine: HoundEngine, command: SitesCommand, io: CliIo): void {
  const wanted = command.categories?.map((c) => c.toLowerCase());
  let shown = 0;
  for (const site of engine.sites) {
    if (wanted && ![site.category, ...site.tags].some((label) => wanted.includes(label.toLowerCase()))) continue;
    const formats = [...new Set(site.checks.map((c) => c.format))].join('+');
    io.stdout.write(
      `${printable(site.id)}\t${printable(site.name)}\t${printable(site.category)}\t${formats}\t${printable(siteStatus(site, engine))}\n`,
    );
    shown++;
  }
  io.stderr.write(`${shown} sites\n`);
}

function printStats(engine: HoundEngine, io: CliIo): void {
  for (const stats of engine.stats()) {
    io.stdout.write(
      `${stats.format} (${printable(stats.source)}): ${stats.total} entries — ${stats.usable} usable, ` +
        `${stats.disabled} disabled, ${stats.excluded} excluded, ${stats.unsupported} unsupported\n`,
    );
    for (const { reason, count } of stats.unsupportedByReason) {
      io.stdout.write(`    ${String(count).padStart(5)}  unsupported: ${printable(reason)}\n`);
    }
  }
  for (const weak of weakPresenceStats(engine.sites.flatMap((site) => site.checks))) {
    const shown = weak.markers.slice(0, 10).map((m) => `${printable(JSON.stringify(m.marker))} ×${m.count}`);
    const more = weak.markers.length > 10 ? `, and ${weak.markers.length - 10} more` : '';
    io.stdout.write(
      `    ${String(weak.checks).padStart(5)}  weak: ${weak.format} checks whose presence strings are on most pages ` +
        `(found only where the page also names the username): ${shown.join(', ')}${more}\n`,
    );
  }
  const unreliable = engine.health().filter((h) => !h.reliable).length;
  io.stdout.write(
    `${engine.sites.length} sites after merging by host; ${engine.countSites()} searched by default` +
      `${engine.health().length > 0 ? `; ${unreliable} marked unreliable by the last self-test` : ''}\n`,
  );
}

async function selfTest(engine: HoundEngine, command: SitesCommand, io: CliIo): Promise<void> {
  const err = palette(io.stderr.isTTY, command.common.noColor, io.env);
  const bar = new ProgressBar(io.stderr, 'self-test');
  const health = await engine.selfTest({
    signal: io.signal,
    onProgress: (p) => bar.update(p.done, p.total, 0),
  });
  bar.clear();
  const names = new Map(engine.sites.map((s) => [s.id, s.name]));
  const broken = health.filter((h) => !h.reliable);
  for (const h of broken) {
    io.stdout.write(`${printable(names.get(h.siteId) ?? h.siteId)}\tunreliable\t${printable(h.reason ?? '')}\n`);
  }
  const undecided = health.filter((h) => h.checks?.some((c) => c.undecided)).length;
  io.stderr.write(
    `${health.length} sites tested: ${err.green(`${health.length - broken.length} reliable`)}, ` +
      `${err.red(`${broken.length} unreliable`)}; ${undecided} had probes that could not decide ` +
      `(timeouts, blocks — not counted against them)` +
      `${io.signal.aborted ? ' — interrupted, nothing stored' : ''}\n`,
  );
}
