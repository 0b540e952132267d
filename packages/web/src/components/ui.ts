/** Shared class names, so buttons and surfaces look the same everywhere. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700 dark:focus-visible:outline-amber-400';

const buttonBase = `inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

export const button = {
  primary: `${buttonBase} bg-amber-700 px-4 py-2 text-white hover:bg-amber-800 dark:bg-amber-400 dark:text-slate-950 dark:hover:bg-amber-300`,
  secondary: `${buttonBase} border border-slate-300 bg-white px-3 py-2 text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`,
  ghost: `${buttonBase} px-3 py-2 text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800`,
  icon: `${buttonBase} h-9 w-9 text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800`,
};

export const card = 'rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/70';
export const muted = 'text-slate-600 dark:text-slate-400';
export const link = `rounded-sm font-medium text-amber-800 underline decoration-amber-800/30 underline-offset-2 hover:decoration-amber-800 dark:text-amber-300 dark:decoration-amber-300/40 dark:hover:decoration-amber-300 ${focusRing}`;
