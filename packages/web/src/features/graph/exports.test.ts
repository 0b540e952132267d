import { createHash } from 'node:crypto';
import { SearchTreeSchema } from '@hound/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { largeTree, plantedTree } from '../../test/graph-trees.ts';
import { graphFileName, type StandaloneStrings, toGraphMl, toStandaloneHtml, toTreeJson } from './exports.ts';
import { layoutGraph } from './layout.ts';
import { buildGraph } from './model.ts';
import { VIEWER_SCRIPT, VIEWER_SCRIPT_HASH } from './standalone-viewer.ts';
import { standaloneStrings } from './strings.ts';

const strings: StandaloneStrings = standaloneStrings(en.graph, 'alice', 'Hound');

type XmlNode = { [key: string]: unknown };
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function parseGraphMl(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(text);
  const graphml = doc.graphml as XmlNode;
  const keys = asList(graphml.key as XmlNode[]);
  const graph = graphml.graph as XmlNode;
  // Data is read by each key's attr.name, as Gephi and yEd do (ids are only references).
  const names = new Map(keys.map((k) => [k['@id'] as string, k['@attr.name'] as string]));
  const data = (el: XmlNode): Record<string, string> =>
    Object.fromEntries(
      asList(el.data as XmlNode[]).map((d) => [names.get(d['@key'] as string) ?? '?', String(d['#text'] ?? '')]),
    );
  return {
    keys: keys.map((k) => `${k['@for']}:${k['@attr.name']}:${k['@id']}`),
    nodes: asList(graph.node as XmlNode[]).map((n): Record<string, string> => ({ ...data(n), id: n['@id'] as string })),
    edges: asList(graph.edge as XmlNode[]).map(
      (e): Record<string, string> => ({
        source: e['@source'] as string,
        target: e['@target'] as string,
        ...data(e),
      }),
    ),
  };
}

describe('graph exports', () => {
  const tree = plantedTree();
  const graph = buildGraph(tree);
  const layout = layoutGraph(graph);

  it('JSON is the hound-tree/1 document verbatim, read back by its schema', () => {
    const text = toTreeJson(tree);
    expect(SearchTreeSchema.parse(JSON.parse(text))).toEqual(tree);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('GraphML is well-formed XML with declared keys for kind, label, url and reason', () => {
    const parsed = parseGraphMl(toGraphMl(graph, layout));
    expect(parsed.keys).toEqual(
      expect.arrayContaining(['node:kind:kind', 'node:label:label', 'node:url:url', 'edge:reason:reason']),
    );
    expect(parsed.nodes).toHaveLength(graph.nodes.length);
    expect(parsed.edges).toHaveLength(graph.edges.length);
    const github = parsed.nodes.find((n) => n.label === 'GitHub')!;
    expect(github).toMatchObject({ kind: 'profile', url: 'https://github.example/alice', site: 'GitHub' });
    expect(github.facts).toContain('website: https://alice.dev (https://github.example/alice)');
    const aliceDev = parsed.nodes.find((n) => n.label === 'alice_dev')!;
    const lead = parsed.edges.find((e) => e.target === aliceDev.id)!;
    expect(lead).toMatchObject({ source: github.id, kind: 'lead', reason: 'linked from the GitHub profile of alice' });
    // Markup in a fact stays text: the bio with <things> & "tools" comes back as written.
    expect(parsed.nodes.find((n) => n.label === 'Twitter')!.facts).toContain('bio: Builds <things> & "tools"');
    // Every edge names nodes that exist.
    const ids = new Set(parsed.nodes.map((n) => n.id));
    for (const e of parsed.edges) expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
  });

  it('GraphML drops characters XML cannot carry instead of writing a broken file', () => {
    const t = plantedTree();
    t.profiles[0]!.facts.push({
      kind: 'bio',
      value: 'bell\u0007 lone\ud800 ok',
      source: 'https://x.example',
      via: 'x',
    });
    t.searches[0]!.query = 'al]]>ice\u0001';
    const g = buildGraph(t);
    const parsed = parseGraphMl(toGraphMl(g, layoutGraph(g)));
    expect(parsed.nodes[0]!.label).toBe('al]]>ice');
    expect(parsed.nodes.find((n) => n.label === 'GitHub')!.facts).toContain('bio: bell lone ok');
  });

  it('GraphML of a 3,000-node graph parses', () => {
    const g = buildGraph(largeTree(2900));
    const parsed = parseGraphMl(toGraphMl(g, layoutGraph(g)));
    expect(parsed.nodes.length).toBe(g.nodes.length);
    expect(parsed.nodes.length).toBeGreaterThanOrEqual(3000);
  }, 60_000);

  it('the standalone page requests nothing, allows only its own hashed script, and lists every fact', () => {
    const html = toStandaloneHtml(graph, layout, strings, 'en', '2026-11-26 10:00');
    // The CSP hash is the script's real hash.
    const hash = `sha256-${createHash('sha256').update(VIEWER_SCRIPT, 'utf8').digest('base64')}`;
    expect(VIEWER_SCRIPT_HASH).toBe(hash);
    expect(html).toContain(`script-src '${hash}'`);
    expect(html).toContain(`<script>${VIEWER_SCRIPT}</script>`);
    expect(html).toContain("default-src 'none'");
    // Nothing is loaded from anywhere: no src, no stylesheet link, no url() in the style.
    expect(html).not.toMatch(/\ssrc=|<link\b|url\(|@import/i);
    // Two scripts only: the viewer and the data (which cannot end its element early).
    expect(html.match(/<script/g)).toHaveLength(2);
    const json = html.match(/<script type="application\/json" id="graph-data">([\s\S]*?)<\/script>/)![1]!;
    const data = JSON.parse(json);
    expect(data.nodes).toHaveLength(graph.nodes.length);
    expect(data.edges).toHaveLength(graph.edges.length);
    // Readable without the script: the nested searches, their reasons, profiles and facts with sources.
    expect(html).toContain('linked from the GitHub profile of alice');
    expect(html).toContain('Builds &lt;things&gt; &amp; &quot;tools&quot;');
    expect(html).toContain('<a href="https://github.example/alice" rel="noopener noreferrer nofollow">');
    expect(html.indexOf('alice_dev</h3>')).toBeGreaterThan(html.indexOf('alice</h3>'));
    expect(html.indexOf('a.dev@example.com</h3>')).toBeGreaterThan(html.indexOf('alice_dev</h3>'));
  });

  it('the standalone page keeps hostile text inert', () => {
    const t = plantedTree();
    t.searches[0]!.query = '</script><script>alert(1)</script>';
    t.profiles[0]!.url = 'javascript:alert(1)';
    const g = buildGraph(t);
    const html = toStandaloneHtml(g, layoutGraph(g), strings, 'en', 'now');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('href="javascript:');
  });

  it('names files after the root search', () => {
    expect(graphFileName('Hound', 'al/ice', new Date(2026, 10, 26), 'graphml')).toBe(
      'hound-al_ice-graph-2026-11-26.graphml',
    );
  });
});
