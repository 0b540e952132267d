import { useState } from 'react';
import { button } from '../../components/ui.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useApiTexts } from './api-texts.ts';

/** A secret or a code sample with a Copy button; long lines wrap, so a phone never scrolls sideways. */
export function CopyBox({ text, label, code = false }: { text: string; label: string; code?: boolean }) {
  const api = useApiTexts();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(text)) {
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    }
  };
  return (
    <figure
      aria-label={label}
      className="rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-950"
    >
      <div className="flex justify-end border-b border-slate-200 px-2 py-1.5 dark:border-slate-700">
        <button type="button" onClick={copy} className={`${button.secondary} py-1 text-xs`}>
          {copied ? api.page.copied : api.page.copy}
        </button>
      </div>
      <pre
        className={`overflow-x-auto p-3 font-mono text-xs leading-relaxed text-slate-900 dark:text-slate-100 ${code ? 'whitespace-pre' : 'break-all whitespace-pre-wrap'}`}
      >
        {text}
      </pre>
    </figure>
  );
}

/** A secret shown this once (a new key, a signing secret): what it is, why to copy it now, the text, "stored". */
export function ShownOnce(props: { title: string; lead: string; text: string; done: string; onDone(): void }) {
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-400/40 dark:bg-amber-400/10">
      <h3 className="font-semibold">{props.title}</h3>
      <p className="text-sm">{props.lead}</p>
      <CopyBox text={props.text} label={props.title} />
      <button type="button" className={button.primary} onClick={props.onDone}>
        {props.done}
      </button>
    </div>
  );
}
