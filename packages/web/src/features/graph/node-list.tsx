/**
 * The graph as text, for screen readers and keyboard users: every node, filterable by name and kind, a page
 * at a time (a few hundred buttons, never thousands at once). Choosing one selects it on the graph.
 */
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { button, focusRing, muted } from '../../components/ui.ts';
import { fill, plural } from '../../lib/format.ts';
import { type IdentityGraph, NODE_KINDS, type NodeKind } from './model.ts';
import type { GraphMessages } from './strings.ts';

const PAGE = 100;

export function NodeList(props: {
  graph: IdentityGraph;
  selected: number;
  g: GraphMessages;
  locale: string;
  onSelect(node: number): void;
}) {
  const { graph, g, locale } = props;
  const [text, setText] = useState('');
  const [kind, setKind] = useState<NodeKind | ''>('');
  const [limit, setLimit] = useState(PAGE);
  const query = useDeferredValue(text.trim().toLowerCase());
  const ids = { filter: useId(), kind: useId() };
  const matches = useMemo(
    () =>
      graph.nodes.filter(
        (n) =>
          (!kind || n.kind === kind) &&
          (!query || n.label.toLowerCase().includes(query) || (n.url ?? '').toLowerCase().includes(query)),
      ),
    [graph, kind, query],
  );
  const shown = matches.slice(0, limit);
  const number = (n: number) => n.toLocaleString(locale);
  const input =
    'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';

  return (
    <section aria-labelledby="graph-list-title" className="mt-8">
      <h2 id="graph-list-title" className="text-xl font-semibold">
        {g.list.title}
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div>
          <label htmlFor={ids.filter} className="text-sm font-medium">
            {g.list.filter}
          </label>
          <input
            id={ids.filter}
            type="search"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setLimit(PAGE);
            }}
            className={`mt-1 ${input} ${focusRing}`}
          />
        </div>
        <div>
          <label htmlFor={ids.kind} className="text-sm font-medium">
            {g.list.kind}
          </label>
          <select
            id={ids.kind}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as NodeKind | '');
              setLimit(PAGE);
            }}
            className={`mt-1 ${input} ${focusRing}`}
          >
            <option value="">{g.list.all}</option>
            {NODE_KINDS.map((k) => (
              <option key={k} value={k}>
                {g.kinds[k]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className={`mt-2 text-sm ${muted}`} aria-live="polite">
        {matches.length
          ? fill(g.list.shown, { shown: number(shown.length), total: number(matches.length) })
          : g.list.empty}
      </p>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800" aria-labelledby="graph-list-title">
        {shown.map((n) => (
          <li key={n.index} className="py-1.5">
            <button
              type="button"
              aria-pressed={props.selected === n.index}
              onClick={() => props.onSelect(n.index)}
              className={`w-full rounded-md px-2 py-1 text-left text-sm hover:bg-slate-100 aria-pressed:bg-amber-100 dark:hover:bg-slate-800 dark:aria-pressed:bg-amber-900/40 ${focusRing}`}
            >
              {/* Spaces between the parts, so a screen reader says "Profile GitHub https://…" as words. */}
              <span className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>{g.kinds[n.kind]}</span>{' '}
              <span className="font-medium break-words">{n.label}</span>{' '}
              {n.url && (
                <>
                  <span className={`break-all ${muted}`}>{n.url}</span>{' '}
                </>
              )}
              <span className={`whitespace-nowrap ${muted}`}>
                · {plural(g.list.ties, graph.adjacency[n.index]!.length, locale)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {matches.length > shown.length && (
        <button type="button" className={`${button.secondary} mt-3 text-sm`} onClick={() => setLimit(limit + PAGE)}>
          {fill(g.list.showMore, { count: number(Math.min(PAGE, matches.length - shown.length)) })}
        </button>
      )}
    </section>
  );
}
