import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useDefaultMeta } from '../../app/default-meta.ts';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { button, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useDocumentMeta } from '../../lib/document-meta.ts';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate.ts';

/** Spec 000 §9: legal pages fade in after 50 ms. */
export const LEGAL_FADE_DELAY_MS = 50;

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
  listAfter?: string[];
}

/** Frame of the static pages: back-to-home button (150 ms "Loading..."), title, fade-in. */
export function LegalPage(props: { title: string; description: string; updated?: string; children: ReactNode }) {
  const { m } = useI18n();
  const defaults = useDefaultMeta();
  useDocumentMeta({ title: `${props.title} · ${m.brand}`, description: props.description }, defaults);
  const { pending, go } = useDelayedNavigate();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LEGAL_FADE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div
      className={`mx-auto max-w-3xl px-4 py-12 transition-opacity duration-300 motion-reduce:transition-none sm:px-6 sm:py-16 ${visible ? 'opacity-100' : 'opacity-0'}`}
      data-visible={visible}
    >
      <button type="button" className={`${button.ghost} -ml-3`} disabled={pending !== null} onClick={() => go('/')}>
        <ArrowLeftIcon />
        {pending ? m.common.loading : m.legal.back}
      </button>
      <h1 className="mt-6 text-4xl font-bold tracking-tight">{props.title}</h1>
      {props.updated && <p className={`mt-2 text-sm ${muted}`}>{props.updated}</p>}
      <div className="prose mt-8">{props.children}</div>
    </div>
  );
}

export function Sections({ sections }: { sections: LegalSection[] }) {
  return sections.map((section) => (
    <section key={section.heading}>
      <h2>{section.heading}</h2>
      {section.paragraphs.map((p) => (
        <p key={p}>
          <InlineLinks text={p} />
        </p>
      ))}
      {section.list && (
        <ul>
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {section.listAfter?.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  ));
}

/** Text with in-app links written `[label](/path)`: the only markup the legal texts use. */
export function InlineLinks({ text }: { text: string }) {
  const parts = text.split(/(\[[^\]]+\]\(\/[^)\s]*\))/);
  return parts.map((part) => {
    const match = /^\[([^\]]+)\]\((\/[^)\s]*)\)$/.exec(part);
    return match ? (
      <Link key={part} to={match[2]!}>
        {match[1]}
      </Link>
    ) : (
      part
    );
  });
}
