/**
 * What an investigator hands to another tool or person: the search tree as JSON (`hound-tree/1`, verbatim),
 * GraphML for Gephi, yEd or Maltego imports, and one standalone HTML page (no external request: its own
 * Content-Security-Policy allows nothing but its inline style and its one hashed inline script) that draws
 * the same graph and lists every search, profile and fact as nested lists.
 */
import type { SearchTree } from '@hound/contracts';
import { htmlText } from '../../lib/html-text.ts';
import { isWebLink } from '../../lib/web-link.ts';
import type { GraphLayout } from './layout.ts';
import type { IdentityGraph } from './model.ts';
import { VIEWER_SCRIPT, VIEWER_SCRIPT_HASH } from './standalone-viewer.ts';

export type GraphExportFormat = 'json' | 'graphml' | 'html';

/** `{brand}-{root query}-graph-{date}.{ext}`, anything unsafe in a file name replaced. */
export function graphFileName(brand: string, query: string, date: Date, ext: GraphExportFormat): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_') || '_';
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${safe(brand.toLowerCase())}-${safe(query)}-graph-${day}.${ext}`;
}

/** The tree exactly as loaded: another Hound (or `hound --json`) reads it back. */
export function toTreeJson(tree: SearchTree): string {
  return `${JSON.stringify(tree, null, 2)}\n`;
}

/** Text for XML content and attributes; characters XML 1.0 forbids are dropped. */
function xml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const NODE_KEYS = [
  ['kind', 'string'],
  ['label', 'string'],
  ['url', 'string'],
  ['site', 'string'],
  ['depth', 'int'],
  ['facts', 'string'],
  ['members', 'string'],
  ['hound_id', 'string'],
  ['x', 'double'],
  ['y', 'double'],
] as const;

/**
 * GraphML 1.0: one `<node>` per node (`n<index>`) and one directed `<edge>` per tie, with `kind`, `label`,
 * `url` and `reason` as declared keys. Facts go along as text (`kind: value (source)` a line), a group's profiles
 * likewise (`members`), and the layout's
 * position as x/y, which Gephi and yEd read.
 */
export function toGraphMl(graph: IdentityGraph, layout: GraphLayout): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
  ];
  for (const [name, type] of NODE_KEYS)
    out.push(`  <key id="${name}" for="node" attr.name="${name}" attr.type="${type}"/>`);
  out.push('  <key id="edge_kind" for="edge" attr.name="kind" attr.type="string"/>');
  out.push('  <key id="reason" for="edge" attr.name="reason" attr.type="string"/>');
  out.push(`  <graph id="${xml(graph.tree.root_id)}" edgedefault="directed">`);
  for (const node of graph.nodes) {
    const values: Record<(typeof NODE_KEYS)[number][0], string | number | null> = {
      kind: node.kind,
      label: node.label,
      url: node.url,
      site: node.site,
      depth: node.depth,
      facts: node.facts.length ? node.facts.map((f) => `${f.kind}: ${f.value} (${f.source})`).join('\n') : null,
      // A group's profiles, a line each (`site url`).
      members: node.members ? node.members.map((m) => `${m.site} ${m.url}`.trim()).join('\n') : null,
      hound_id: node.id,
      x: Math.round(layout.x[node.index]! * 10) / 10,
      y: Math.round(layout.y[node.index]! * 10) / 10,
    };
    const data = NODE_KEYS.filter(([key]) => values[key] !== null && values[key] !== '')
      .map(([key]) => `<data key="${key}">${xml(String(values[key]))}</data>`)
      .join('');
    out.push(`    <node id="n${node.index}">${data}</node>`);
  }
  for (const edge of graph.edges) {
    out.push(
      `    <edge id="e${edge.index}" source="n${edge.source}" target="n${edge.target}"><data key="edge_kind">${edge.kind}</data><data key="reason">${xml(edge.reason)}</data></edge>`,
    );
  }
  out.push('  </graph>', '</graphml>', '');
  return out.join('\n');
}

/** The words of the standalone page, in the visitor's language. */
export interface StandaloneStrings {
  title: string;
  generated: string;
  graphLabel: string;
  help: string;
  searches: string;
  ties: string;
  reason: string;
  source: string;
  kinds: Record<string, string>;
  factKinds: Record<string, string>;
  footer: string;
}

/** JSON placed inside a `<script type="application/json">`: nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const link = (url: string, text = url) =>
  isWebLink(url)
    ? `<a href="${htmlText(url)}" rel="noopener noreferrer nofollow">${htmlText(text)}</a>`
    : htmlText(text);

export function toStandaloneHtml(
  graph: IdentityGraph,
  layout: GraphLayout,
  s: StandaloneStrings,
  lang: string,
  exportedAt: string,
): string {
  const data = {
    bounds: layout.bounds,
    nodes: graph.nodes.map((n) => ({
      k: n.kind,
      l: n.label,
      u: n.url,
      x: Math.round(layout.x[n.index]! * 10) / 10,
      y: Math.round(layout.y[n.index]! * 10) / 10,
      r: layout.size[n.index]!,
      f: n.facts.map((f) => [s.factKinds[f.kind] ?? f.kind, f.value, isWebLink(f.source) ? f.source : '']),
    })),
    edges: graph.edges.map((e) => [e.source, e.target, e.reason]),
    kinds: s.kinds,
    source: s.source,
  };

  // The nested list: each search with why it exists, its profiles and their facts, then its child searches.
  const searchItem = (index: number, depthGuard: number): string => {
    const node = graph.nodes[index]!;
    const search = node.search!;
    const profiles = graph.profilesOf[index]!.map((p) => {
      const profile = graph.nodes[p]!;
      // A group stands for profiles that state nothing: each is listed, so the page still names every one.
      if (profile.members)
        return `<li><b>${htmlText(profile.label)}</b><ul>${profile.members
          .map((m) => `<li>${htmlText(m.site)} ${m.url ? link(m.url) : ''}</li>`)
          .join('')}</ul></li>`;
      const facts = profile.facts.length
        ? `<dl>${profile.facts
            .map(
              (f) =>
                `<dt>${htmlText(s.factKinds[f.kind] ?? f.kind)}</dt><dd>${htmlText(f.value)}${
                  isWebLink(f.source) ? ` <small>(${link(f.source, s.source)}, ${htmlText(f.via)})</small>` : ''
                }</dd>`,
            )
            .join('')}</dl>`
        : '';
      return `<li><b>${htmlText(profile.label)}</b> ${profile.url ? link(profile.url) : ''}${facts}</li>`;
    });
    const kids = depthGuard < 4 ? graph.children[index]!.map((c) => searchItem(c, depthGuard + 1)) : [];
    return `<li><h3>${htmlText(s.kinds[node.kind] ?? node.kind)}: ${htmlText(search.query)}</h3>${
      search.reason ? `<p>${htmlText(s.reason)}: ${htmlText(search.reason.text)}</p>` : ''
    }${profiles.length ? `<ul>${profiles.join('')}</ul>` : ''}${kids.length ? `<ol>${kids.join('')}</ol>` : ''}</li>`;
  };
  const roots = graph.nodes.filter(
    (n) => n.search && (!n.search.parent_id || !graph.nodes.some((o) => o.search?.id === n.search!.parent_id)),
  );
  const ties = graph.nodes
    .filter((n) => !n.search && n.kind !== 'profile' && n.kind !== 'group')
    .map((n) => {
      const tied = graph.adjacency[n.index]!.map((e) => {
        const edge = graph.edges[e]!;
        const other = graph.nodes[edge.source === n.index ? edge.target : edge.source]!;
        return `<li>${htmlText(other.label)}${other.url ? ` ${link(other.url)}` : ''} — ${htmlText(edge.reason)}</li>`;
      });
      return `<li><b>${htmlText(s.kinds[n.kind] ?? n.kind)}: ${n.url ? link(n.url, n.label) : htmlText(n.label)}</b><ul>${tied.join('')}</ul></li>`;
    });

  return `<!doctype html>
<html lang="${htmlText(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src '${VIEWER_SCRIPT_HASH}'; style-src 'unsafe-inline'; img-src data:">
<meta name="referrer" content="no-referrer">
<title>${htmlText(s.title)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0 auto; max-width: 70rem; padding: 1.5rem 1rem; line-height: 1.45; overflow-wrap: anywhere; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  h3 { font-size: 1rem; margin: .75rem 0 .25rem; }
  .meta { opacity: .75; font-size: .9rem; margin: 0 0 1rem; }
  #graph { display: block; width: 100%; height: 70vh; border: 1px solid #cbd5e1; border-radius: .5rem; touch-action: none; cursor: grab; }
  #info { min-height: 3rem; margin: .5rem 0 1.5rem; font-size: .9rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .75rem; margin: .25rem 0 .5rem; font-size: .9rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  a { color: #92400e; }
  @media (prefers-color-scheme: dark) { body { background: #0b0f17; color: #e2e8f0; } a { color: #fcd34d; } #graph { border-color: #334155; } }
</style>
</head>
<body>
<h1>${htmlText(s.title)}</h1>
<p class="meta">${htmlText(s.generated)} · ${htmlText(exportedAt)}</p>
<canvas id="graph" tabindex="0" role="img" aria-label="${htmlText(s.graphLabel)}"></canvas>
<p class="meta">${htmlText(s.help)}</p>
<div id="info" aria-live="polite"></div>
<h2>${htmlText(s.searches)}</h2>
<ol>${roots.map((r) => searchItem(r.index, 0)).join('')}</ol>
${ties.length ? `<h2>${htmlText(s.ties)}</h2><ul>${ties.join('')}</ul>` : ''}
<p class="meta">${htmlText(s.footer)}</p>
<script type="application/json" id="graph-data">${scriptJson(data)}</script>
<script>${VIEWER_SCRIPT}</script>
</body>
</html>
`;
}
