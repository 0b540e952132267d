import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { MailIcon, SearchIcon } from '../../components/icons.tsx';
import { button, focusRing } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';

const option = `flex w-full items-start gap-3 rounded-lg border border-slate-200 p-4 text-left hover:border-amber-600 hover:bg-amber-50 dark:border-slate-700 dark:hover:border-amber-400 dark:hover:bg-amber-400/10 ${focusRing}`;

/** Spec 001 §2: choose Username, Email, or API (open now: its page, issue 40). */
export function SearchOptionsDialog({ onClose }: { onClose(): void }) {
  const { m } = useI18n();
  const t = m.account.searchOptions;
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onCancel={onClose}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t.lead}</p>
      <ul className="mt-4 space-y-2">
        <li>
          <Link to="/username-search" className={option} onClick={onClose}>
            <SearchIcon className="mt-0.5 text-lg text-amber-700 dark:text-amber-400" />
            <span>
              <span className="block font-semibold">{t.username}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">{t.usernameText}</span>
            </span>
          </Link>
        </li>
        <li>
          <Link to="/email-search" className={option} onClick={onClose}>
            <MailIcon className="mt-0.5 text-lg text-amber-700 dark:text-amber-400" />
            <span>
              <span className="block font-semibold">{t.email}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">{t.emailText}</span>
            </span>
          </Link>
        </li>
        <li>
          <Link to="/api-access" className={option} onClick={onClose}>
            <span className="mt-0.5 font-mono text-sm font-bold text-amber-700 dark:text-amber-400">{'{}'}</span>
            <span>
              <span className="flex items-center gap-2 font-semibold">
                {t.api}
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
                  {t.apiOpen}
                </span>
              </span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">{t.apiText}</span>
            </span>
          </Link>
        </li>
      </ul>
      <div className="mt-5 flex justify-end">
        <button type="button" className={button.secondary} onClick={onClose}>
          {t.close}
        </button>
      </div>
    </dialog>
  );
}
