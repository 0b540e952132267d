import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { focusRing } from '../../components/ui.ts';

/**
 * A modal `<dialog>` holding one form (the credit modal's look): opens on mount, Escape or the caller's
 * Cancel closes it. Its own validation messages, not the browser's, are shown (`noValidate`).
 */
export function DialogFrame(props: { title: ReactNode; onClose(): void; onSubmit(): void; children: ReactNode }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold break-words">
          {props.title}
        </h2>
        {props.children}
      </form>
    </dialog>
  );
}

export const dialogButtons = 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end';

const base = `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

/** Buttons for what cannot be undone (refusing and refunding an order). */
export const danger = {
  solid: `${base} bg-red-700 text-white hover:bg-red-800 dark:bg-red-400 dark:text-slate-950 dark:hover:bg-red-300`,
  outline: `${base} border border-red-300 bg-white text-red-800 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950/50`,
};
