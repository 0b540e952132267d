import { useI18n } from '../i18n/i18n.tsx';
import { AlertIcon } from './icons.tsx';
import { button, card, focusRing, muted } from './ui.ts';

/** Spec 000 §2 crash screen: title, text asking to refresh, collapsible technical details, reload button. */
export function CrashScreen({ error, componentStack }: { error: Error; componentStack: string }) {
  const { m } = useI18n();
  const details = [`${error.name}: ${error.message}`, error.stack?.split('\n').slice(1).join('\n'), componentStack]
    .filter(Boolean)
    .join('\n\n');
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16 text-slate-900 dark:bg-[#0b0f17] dark:text-slate-100">
      <div className={`${card} w-full max-w-lg p-8 shadow-sm`} role="alert" aria-labelledby="crash-title">
        <div className="mb-5 flex h-12 w-12 items-center justify-center rounded-full bg-red-100 text-2xl text-red-700 dark:bg-red-950 dark:text-red-300">
          <AlertIcon />
        </div>
        <h1 id="crash-title" className="text-2xl font-semibold tracking-tight">
          {m.crash.title}
        </h1>
        <p className={`mt-3 ${muted}`}>{m.crash.text}</p>
        <details className="group mt-6 rounded-lg border border-slate-200 dark:border-slate-800">
          <summary className={`cursor-pointer select-none rounded-lg px-4 py-2.5 text-sm font-medium ${focusRing}`}>
            {m.crash.details}
          </summary>
          <pre className="max-h-64 overflow-auto border-t border-slate-200 px-4 py-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-700 dark:border-slate-800 dark:text-slate-300">
            {details}
          </pre>
        </details>
        <button
          type="button"
          className={`${button.primary} mt-6 w-full sm:w-auto`}
          onClick={() => window.location.reload()}
        >
          {m.crash.reload}
        </button>
      </div>
    </main>
  );
}
