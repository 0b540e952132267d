import { FOLLOW_LIMITS, type LeadSearch, type SearchTree } from '@hound/contracts';
import { leadKey, pickLeads } from '../leads/pick-leads.ts';
import { TreeBuilder } from '../leads/tree.ts';
import type { EmailResult, SiteResult } from '../model.ts';
import type { palette } from './color.ts';
import { printable } from './color.ts';
import type { CliIo } from './io.ts';

/** What walking one tree needs from the command that started it. */
export interface TreeWalk {
  /** How many levels below the root leads are followed (0: the root only). */
  depth: number;
  io: CliIo;
  out: ReturnType<typeof palette>;
  /** Runs one search of the tree (the root too), printing its found results at `indent`. */
  search(search: LeadSearch, indent: string): Promise<ReadonlyArray<SiteResult | EmailResult>>;
}

/**
 * One root search (a username or an address) and the searches its leads start, depth first so each child
 * is printed under the search that found it, with why. At most FOLLOW_LIMITS.maxNewNamesPerLevel new names
 * per level of the tree (so at most 20 below the root); no name is searched twice in a tree.
 */
export async function followLeads(
  walk: TreeWalk,
  root: { kind: LeadSearch['kind']; query: string },
  prefix: string,
): Promise<SearchTree> {
  const builder = new TreeBuilder(prefix);
  const seen = new Set([leadKey(root.kind, root.query)]);
  const perLevel = new Map<number, number>();
  const { io, out } = walk;
  const visit = async (search: LeadSearch): Promise<void> => {
    const indent = '  '.repeat(search.depth);
    const results = await walk.search(search, indent);
    search.status = io.signal.aborted ? 'cancelled' : 'completed';
    for (const result of results) builder.found(search, result);
    if (search.depth >= walk.depth || io.signal.aborted) return;
    const level = search.depth + 1;
    const room = FOLLOW_LIMITS.maxNewNamesPerLevel - (perLevel.get(level) ?? 0);
    if (room <= 0) return;
    const leads = pickLeads(search, results, seen, room);
    perLevel.set(level, (perLevel.get(level) ?? 0) + leads.length);
    const children = leads.map((lead) => builder.add(lead.kind, lead.query, search.id, level, lead.reason));
    for (const child of children) {
      if (io.signal.aborted) break;
      io.stdout.write(
        `${indent}  ${out.bold(`↳ ${printable(child.query)}`)} — ${printable(child.reason?.text ?? '')}\n`,
      );
      await visit(child);
    }
  };
  await visit(builder.add(root.kind, root.query, null, 0, null));
  for (const search of builder.tree().searches) if (search.status === 'running') search.status = 'cancelled';
  return builder.tree();
}
