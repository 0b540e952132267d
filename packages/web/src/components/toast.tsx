import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { AlertIcon, CheckIcon, CloseIcon } from './icons.tsx';
import { TOAST_EXIT_MS, type ToastInput, type ToastItem, type ToastType, toToastItem } from './toast-model.ts';

/**
 * `toast('URL copied')` shows a success confirmation; `toast.show({type, title, message, durationMs})`
 * any notification, with shortcuts per type.
 */
export interface Toaster {
  (text: string): void;
  show(input: ToastInput): void;
  success(message: string, title?: string): void;
  error(message: string, title?: string): void;
  warning(message: string, title?: string): void;
  info(message: string, title?: string): void;
}

const noop = Object.assign(() => {}, {
  show: () => {},
  success: () => {},
  error: () => {},
  warning: () => {},
  info: () => {},
}) as Toaster;

const ToastContext = createContext<Toaster>(noop);

const MAX_VISIBLE = 4;

const STYLE: Record<ToastType, string> = {
  success: 'border-emerald-300 dark:border-emerald-700',
  error: 'border-red-300 dark:border-red-700',
  warning: 'border-amber-300 dark:border-amber-600',
  info: 'border-slate-300 dark:border-slate-600',
};
const ICON_COLOUR: Record<ToastType, string> = {
  success: 'text-emerald-600 dark:text-emerald-400',
  error: 'text-red-600 dark:text-red-400',
  warning: 'text-amber-600 dark:text-amber-400',
  info: 'text-slate-500 dark:text-slate-400',
};

/** Notifications (spec 001): four types, a `[[CODE:x]]` badge, auto-dismiss, a 300 ms exit animation. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      setToasts((list) => list.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
      later(TOAST_EXIT_MS, () => setToasts((list) => list.filter((t) => t.id !== id)));
    },
    [later],
  );

  const show = useCallback(
    (input: ToastInput) => {
      const item = toToastItem(nextId.current++, input);
      setToasts((list) => [...list.slice(-(MAX_VISIBLE - 1)), item]);
      later(item.durationMs, () => dismiss(item.id));
    },
    [later, dismiss],
  );

  const toaster = useMemo(() => {
    const typed = (type: ToastType) => (message: string, title?: string) =>
      show({ type, message, ...(title ? { title } : {}) });
    return Object.assign((text: string) => show({ type: 'success', message: text }), {
      show,
      success: typed('success'),
      error: typed('error'),
      warning: typed('warning'),
      info: typed('info'),
    }) as Toaster;
  }, [show]);

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <ToastList toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastList({ toasts, onDismiss }: { toasts: ToastItem[]; onDismiss(id: number): void }) {
  const { m } = useI18n();
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.type === 'error' ? 'alert' : 'status'}
          data-toast-type={t.type}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border bg-white px-4 py-3 text-sm shadow-lg transition-all duration-300 motion-reduce:transition-none dark:bg-slate-900 ${STYLE[t.type]} ${t.leaving ? 'translate-y-2 opacity-0' : 'toast-in opacity-100'}`}
        >
          {t.type === 'success' ? (
            <CheckIcon className={`mt-0.5 shrink-0 ${ICON_COLOUR[t.type]}`} />
          ) : (
            <AlertIcon className={`mt-0.5 shrink-0 ${ICON_COLOUR[t.type]}`} />
          )}
          <div className="min-w-0 flex-1">
            {t.title && <p className="font-semibold text-slate-900 dark:text-slate-100">{t.title}</p>}
            <p className="break-words text-slate-700 dark:text-slate-300">
              {t.message}
              {t.code && (
                <span className="ml-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  {t.code}
                </span>
              )}
            </p>
          </div>
          <button
            type="button"
            onClick={() => onDismiss(t.id)}
            aria-label={m.account.toast.close}
            className="-m-1 rounded p-1 text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}

export function useToast(): Toaster {
  return useContext(ToastContext);
}
