/** The graph's words from the visitor's catalogue, in the shapes the model and the exports take. */
import type { Messages } from '../../i18n/messages.ts';
import { fill } from '../../lib/format.ts';
import type { StandaloneStrings } from './exports.ts';
import type { GroupStrings, ReasonStrings } from './model.ts';

export type GraphMessages = Messages['graph'];

export function reasonStrings(g: GraphMessages): ReasonStrings {
  return g.reasons;
}

/** How groups of profiles are named: the graph's words and the results' category names. */
export function groupStrings(m: Pick<Messages, 'graph' | 'categoryNames'>): GroupStrings {
  return { label: m.graph.groups.label, reason: m.graph.groups.reason, names: m.categoryNames };
}

export function standaloneStrings(g: GraphMessages, query: string, brand: string): StandaloneStrings {
  const s = g.standalone;
  return {
    title: fill(s.title, { query }),
    generated: fill(s.generated, { brand }),
    graphLabel: fill(s.title, { query }),
    help: s.help,
    searches: s.searches,
    ties: s.ties,
    reason: s.reason,
    source: s.source,
    kinds: g.kinds,
    factKinds: g.factKinds,
    footer: fill(s.footer, { brand }),
  };
}
