/**
 * The identity graph (`/search/{id}/graph`, and `/graph` for an opened export): a search tree drawn as a
 * graph, the chosen node's facts and ties beside it, every node as a list below, and the exports.
 */
import type { SearchTree } from '@hound/contracts';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSiteConfig } from '../../api/site-config.ts';
import { useDefaultMeta } from '../../app/default-meta.ts';
import { AlertIcon, DownloadIcon } from '../../components/icons.tsx';
import { button, card, focusRing, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useDocumentMeta } from '../../lib/document-meta.ts';
import { fill, plural } from '../../lib/format.ts';
import { useTheme } from '../../lib/theme.tsx';
import { downloadFile } from '../search/export.ts';
import { type GraphExportFormat, graphFileName, toGraphMl, toStandaloneHtml, toTreeJson } from './exports.ts';
import { type FocusRequest, GraphCanvas } from './graph-canvas.tsx';
import { layoutGraph } from './layout.ts';
import { buildGraph, countByKind, emailSearchesWithAccounts, NODE_KINDS, profileCount } from './model.ts';
import { NodeDetails } from './node-details.tsx';
import { NodeList } from './node-list.tsx';
import { PALETTES } from './renderer.ts';
import { fetchSearchTree, MAX_TREE_FILE_MB, readTreeFile } from './search-tree.ts';
import { groupStrings, reasonStrings, standaloneStrings } from './strings.ts';

type Source =
  | { status: 'idle' | 'loading' | 'missing' | 'empty' | 'failed' | 'private' }
  | { status: 'ready'; tree: SearchTree; fileName: string | null };

export default function GraphPage() {
  const { m, locale, language } = useI18n();
  const g = m.graph;
  const config = useSiteConfig();
  const { theme } = useTheme();
  const { id } = useParams();
  const defaults = useDefaultMeta();
  useDocumentMeta({ title: `${g.title} — ${config.brand}`, description: g.description, noindex: true }, defaults);

  const [source, setSource] = useState<Source>({ status: id ? 'loading' : 'idle' });
  const [fileError, setFileError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    setSource({ status: 'loading' });
    void fetchSearchTree(id, controller.signal).then((answer) => {
      if (controller.signal.aborted) return;
      setSource(answer.status === 'ready' ? { status: 'ready', tree: answer.tree, fileName: null } : answer);
    });
    return () => controller.abort();
  }, [id]);

  const openFile = async (file: File) => {
    const answer = await readTreeFile(file);
    if (answer.ok) {
      setFileError(null);
      setSource({ status: 'ready', tree: answer.tree, fileName: file.name });
      return;
    }
    if (answer.error === 'too_large') setFileError(fill(g.tooLarge, { size: MAX_TREE_FILE_MB }));
    else if (answer.error === 'empty') setFileError(g.empty);
    else if (answer.error === 'not_json') setFileError(fill(g.invalidFile, { detail: g.notJson }));
    else setFileError(fill(g.invalidFile, { detail: answer.detail ?? '' }));
  };

  const tree = source.status === 'ready' ? source.tree : null;
  const reasons = reasonStrings(g);
  const groups = useMemo(() => groupStrings(m), [m]);
  const graph = useMemo(() => (tree ? buildGraph(tree, reasons, groups) : null), [tree, reasons, groups]);
  const layout = useMemo(() => (graph ? layoutGraph(graph) : null), [graph]);
  // A choice (and a request to centre on it) belongs to the graph it was made in: a new graph starts with
  // nothing chosen. (Resetting the choice in an effect lost a click made before the effect ran.)
  const [choice, setChoice] = useState<{ graph: typeof graph; node: number }>({ graph: null, node: -1 });
  const selected = choice.graph === graph ? choice.node : -1;
  const [focus, setFocus] = useState<(FocusRequest & { graph: typeof graph }) | null>(null);
  const choose = useCallback(
    (node: number, centre: boolean) => {
      setChoice({ graph, node });
      if (centre && node >= 0) setFocus((f) => ({ graph, node, nonce: (f?.nonce ?? 0) + 1 }));
    },
    [graph],
  );

  const rootQuery = graph && graph.root >= 0 ? graph.nodes[graph.root]!.label : '';
  const exportAs = (format: GraphExportFormat) => {
    if (!tree || !graph || !layout) return;
    const now = new Date();
    const name = graphFileName(config.brand, rootQuery, now, format);
    if (format === 'json') downloadFile(name, 'application/json', toTreeJson(tree));
    else if (format === 'graphml') downloadFile(name, 'application/graphml+xml', toGraphMl(graph, layout));
    else {
      const strings = standaloneStrings(g, rootQuery, config.brand);
      const when = now.toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' });
      downloadFile(name, 'text/html;charset=utf-8', toStandaloneHtml(graph, layout, strings, language, when));
    }
  };

  const counts = graph ? countByKind(graph) : null;
  const number = (n: number) => n.toLocaleString(locale);
  const fileInput = useId();
  const keysHelp = useId();
  const message =
    source.status === 'loading'
      ? g.loading
      : source.status === 'missing'
        ? g.missing
        : source.status === 'empty'
          ? g.empty
          : source.status === 'failed'
            ? g.failed
            : source.status === 'private'
              ? g.private
              : source.status === 'idle'
                ? g.pick
                : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      {id && (
        <p className="text-sm">
          <Link to={`/search/${encodeURIComponent(id)}`} className={link}>
            ← {g.backToResults}
          </Link>
        </p>
      )}
      <h1 className="mt-2 text-3xl font-bold tracking-tight break-words">
        {rootQuery ? fill(g.heading, { query: rootQuery }) : g.title}
      </h1>
      <p className={`mt-2 max-w-3xl ${muted}`}>{g.lead}</p>

      <div className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-3">
        <div>
          <label htmlFor={fileInput} className="block text-sm font-medium">
            {g.openFile}
          </label>
          <input
            id={fileInput}
            type="file"
            accept=".json,application/json"
            aria-describedby={`${fileInput}-hint`}
            className={`mt-1 block w-full max-w-xs text-sm file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium dark:file:border-slate-700 dark:file:bg-slate-900 dark:file:text-slate-100 ${focusRing}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void openFile(file);
              e.target.value = '';
            }}
          />
          <p id={`${fileInput}-hint`} className={`mt-1 max-w-md text-xs ${muted}`}>
            {g.openFileHint}
          </p>
        </div>
        {graph && (
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium">{g.exportTitle}</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {(
                [
                  ['json', g.exportJson],
                  ['graphml', g.exportGraphml],
                  ['html', g.exportHtml],
                ] as const
              ).map(([format, label]) => (
                <button
                  key={format}
                  type="button"
                  title={g.exportHint}
                  className={`${button.secondary} py-1.5 text-sm`}
                  onClick={() => exportAs(format)}
                >
                  <DownloadIcon /> {label}
                </button>
              ))}
            </div>
          </fieldset>
        )}
      </div>

      {fileError && (
        <div
          role="alert"
          className="mt-4 flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
        >
          <AlertIcon className="mt-0.5 shrink-0 text-lg" />
          <p className="min-w-0 break-words">{fileError}</p>
        </div>
      )}
      {message && (
        <p
          role={source.status === 'loading' || source.status === 'idle' ? 'status' : 'alert'}
          className={`${card} mt-6 p-4 ${source.status === 'loading' || source.status === 'idle' ? muted : ''}`}
        >
          {message}
        </p>
      )}

      {graph && layout && counts && (
        <>
          <p className={`mt-6 text-sm ${muted}`}>
            {source.status === 'ready' && source.fileName && <>{fill(g.fromFile, { name: source.fileName })} · </>}
            {[
              plural(g.counts.searches, graph.nodes.filter((n) => n.search).length, locale),
              plural(g.counts.profiles, profileCount(graph), locale),
              plural(g.counts.ties, graph.edges.length, locale),
            ].join(' · ')}
          </p>
          <p className={`mt-1 max-w-3xl text-sm ${muted}`}>{g.nodes}</p>
          {emailSearchesWithAccounts(graph).map(({ query, count }) => (
            <p key={query} className={`mt-1 max-w-3xl text-sm ${muted}`}>
              {plural(g.emailAccounts, count, locale, { query })}
            </p>
          ))}
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
            {NODE_KINDS.filter((k) => counts[k] > 0).map((k) => (
              <li key={k} className="flex items-center gap-1.5">
                <span
                  className="inline-block h-2.5 w-2.5 rounded-full"
                  // The legend uses the canvas's own colours, per theme.
                  style={{ backgroundColor: PALETTES[theme].node[k] }}
                />
                {g.kinds[k]} <span className={muted}>{number(counts[k])}</span>
              </li>
            ))}
          </ul>
          <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="min-w-0">
              <GraphCanvas
                graph={graph}
                layout={layout}
                selected={selected}
                onSelect={(node) => choose(node, false)}
                focus={focus?.graph === graph ? focus : null}
                theme={theme}
                label={fill(g.canvasLabel, {
                  query: rootQuery,
                  nodes: number(graph.nodes.length),
                  edges: number(graph.edges.length),
                })}
                describedBy={keysHelp}
                strings={g}
              />
              <p id={keysHelp} className={`mt-2 text-xs ${muted}`}>
                {g.keyboard}
              </p>
            </div>
            <NodeDetails graph={graph} node={selected} g={g} locale={locale} onSelect={(n) => choose(n, true)} />
          </div>
          <NodeList graph={graph} selected={selected} g={g} locale={locale} onSelect={(n) => choose(n, true)} />
        </>
      )}
    </div>
  );
}
