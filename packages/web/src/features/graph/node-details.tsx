/** What the chosen node is: a search and why it exists, or a profile and every fact with its source; its ties. */
import { card, link, muted } from '../../components/ui.ts';
import { fill } from '../../lib/format.ts';
import { isWebLink } from '../../lib/web-link.ts';
import { type IdentityGraph, otherEnd } from './model.ts';
import type { GraphMessages } from './strings.ts';

/** Ties listed here; the root search can have thousands (the list below has them all). */
const SHOWN_TIES = 30;

const ExternalLink = ({ href, children }: { href: string; children: React.ReactNode }) =>
  isWebLink(href) ? (
    <a className={`${link} break-all`} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ) : (
    <span className="break-all">{children}</span>
  );

export function NodeDetails(props: {
  graph: IdentityGraph;
  node: number;
  g: GraphMessages;
  locale: string;
  onSelect(node: number): void;
}) {
  const { graph, node, g } = props;
  const shown = graph.nodes[node];
  if (!shown) {
    return (
      <section aria-labelledby="graph-details-title" className={`${card} p-4`}>
        <h2 id="graph-details-title" className="font-semibold">
          {g.details.title}
        </h2>
        <p className={`mt-1 text-sm ${muted}`}>{g.details.none}</p>
      </section>
    );
  }
  const ties = graph.adjacency[node]!;
  const search = shown.search;
  return (
    <section aria-labelledby="graph-details-title" aria-live="polite" className={`${card} min-w-0 p-4`}>
      <p className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>{g.kinds[shown.kind]}</p>
      <h2 id="graph-details-title" className="mt-0.5 text-lg font-semibold break-words">
        {shown.label}
      </h2>
      {shown.url && (
        <p className="mt-1 text-sm">
          <ExternalLink href={shown.url}>{shown.url}</ExternalLink>
        </p>
      )}
      {search && (
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
          {search.reason && (
            <>
              <dt className="font-medium">{g.details.reason}</dt>
              <dd className="min-w-0 break-words">
                {search.reason.text}
                {search.reason.from_url && (
                  <>
                    {' '}
                    (<ExternalLink href={search.reason.from_url}>{g.details.source}</ExternalLink>)
                  </>
                )}
              </dd>
            </>
          )}
          <dt className="font-medium">{g.details.status}</dt>
          <dd>
            {search.status} · {fill(g.details.depth, { depth: search.depth })}
          </dd>
        </dl>
      )}
      {shown.kind === 'profile' && (
        <>
          <h3 className="mt-3 text-sm font-semibold">{g.details.facts}</h3>
          {shown.facts.length === 0 ? (
            <p className={`text-sm ${muted}`}>{g.details.noFacts}</p>
          ) : (
            <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
              {shown.facts.map((f, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: facts have no id and never reorder
                <div key={i} className="contents">
                  <dt className="font-medium">{g.factKinds[f.kind] ?? f.kind}</dt>
                  <dd className="min-w-0 break-words">
                    {f.kind === 'website' || f.kind === 'link' || f.kind === 'avatar' ? (
                      <ExternalLink href={f.value}>{f.value}</ExternalLink>
                    ) : (
                      f.value
                    )}{' '}
                    <span className={`text-xs ${muted}`}>
                      (<ExternalLink href={f.source}>{g.details.source}</ExternalLink>,{' '}
                      {fill(g.details.via, { via: f.via })})
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
      {shown.members && (
        <>
          <h3 className="mt-3 text-sm font-semibold">
            {g.groups.members}{' '}
            <span className={`font-normal ${muted}`}>({shown.members.length.toLocaleString(props.locale)})</span>
          </h3>
          <ul className="mt-1 max-h-64 space-y-0.5 overflow-y-auto text-sm">
            {shown.members.map((p) => (
              <li key={`${p.site}|${p.url}`} className="min-w-0 break-words">
                {isWebLink(p.url) ? <ExternalLink href={p.url}>{p.site}</ExternalLink> : p.site}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="mt-3 text-sm font-semibold">
        {g.details.ties} <span className={`font-normal ${muted}`}>({ties.length.toLocaleString(props.locale)})</span>
      </h3>
      <ul className="mt-1 space-y-1 text-sm">
        {ties.slice(0, SHOWN_TIES).map((e) => {
          const edge = graph.edges[e]!;
          const other = graph.nodes[otherEnd(edge, node)]!;
          return (
            <li key={e} className="min-w-0 break-words">
              <button type="button" className={`${link} text-left`} onClick={() => props.onSelect(other.index)}>
                {g.kinds[other.kind]}: {other.label}
              </button>{' '}
              <span className={muted}>— {edge.reason}</span>
            </li>
          );
        })}
      </ul>
      {ties.length > SHOWN_TIES && (
        <p className={`mt-1 text-sm ${muted}`}>
          {fill(g.details.moreTies, { count: (ties.length - SHOWN_TIES).toLocaleString(props.locale) })}
        </p>
      )}
      <button type="button" className={`${link} mt-3 text-sm`} onClick={() => props.onSelect(-1)}>
        {g.details.close}
      </button>
    </section>
  );
}
