import { useEffect } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { isExtensionError } from '../lib/extension-errors.ts';
import { useToast } from './toast.tsx';
import { TOAST_DURATION_MS } from './toast-model.ts';

function messageOf(value: unknown): string | null {
  if (value instanceof Error && value.message) return value.message;
  if (typeof value === 'string' && value) return value;
  return null;
}

/**
 * Errors nothing else caught: an uncaught error and an unhandled promise rejection each show a 7 s error
 * toast (spec 001 §8), titled "Application Error" / "Unhandled Error". Browser-extension errors are ignored.
 */
export function GlobalErrorToasts() {
  const toast = useToast();
  const { m } = useI18n();
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (event.defaultPrevented || isExtensionError(event.error ?? event.message)) return;
      toast.show({
        type: 'error',
        title: m.account.toast.appError,
        message: messageOf(event.error) ?? messageOf(event.message) ?? m.account.toast.unknownError,
        durationMs: TOAST_DURATION_MS.globalError,
      });
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (event.defaultPrevented || isExtensionError(event.reason)) return;
      toast.show({
        type: 'error',
        title: m.account.toast.unhandledError,
        message: messageOf(event.reason) ?? m.account.toast.unknownError,
        durationMs: TOAST_DURATION_MS.globalError,
      });
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [toast, m]);
  return null;
}
