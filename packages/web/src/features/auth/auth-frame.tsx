import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../../components/icons.tsx';
import { card, focusRing } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';

/** Login and register stand alone: no header and no footer (spec 001 §2), just the brand and the form. */
export function AuthFrame({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  const { m } = useI18n();
  return (
    <main id="main" className="flex min-h-screen flex-col items-center px-4 py-10 sm:py-16">
      <Link
        to="/"
        className={`mb-8 flex items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight ${focusRing}`}
        aria-label={m.account.login.backHome}
      >
        <LogoMark className="text-[28px]" />
        <span>{m.brand}</span>
      </Link>
      <div className={`${card} w-full max-w-md p-6 shadow-sm sm:p-8`}>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <div className="mt-2 text-slate-600 dark:text-slate-400">{lead}</div>
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

export const inputClass = `mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 ${focusRing}`;
export const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';
export const errorClass = 'mt-2 text-sm font-medium text-red-700 dark:text-red-400';
