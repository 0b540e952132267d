/**
 * Errors thrown by browser extensions inside the page are not ours: they are ignored with a console
 * warning instead of showing the crash screen (spec 000 §8).
 */
const EXTENSION_SCHEME = /\b(chrome|moz|safari(-web)?|ms-browser)-extension:\/\//i;
const EXTENSION_MESSAGES = [/disconnected port/i, /extension context invalidated/i];

export function isExtensionError(error: unknown): boolean {
  if (!error) return false;
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  return (
    EXTENSION_SCHEME.test(stack) || EXTENSION_SCHEME.test(message) || EXTENSION_MESSAGES.some((re) => re.test(message))
  );
}

export function warnExtensionError(error: unknown): void {
  console.warn('Ignored an error raised by a browser extension:', error);
}

/** Window-level listeners for extension errors and rejections outside React rendering. */
export function installExtensionErrorFilter(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const source = event.filename ?? '';
    if (isExtensionError(event.error ?? event.message) || /-extension:\/\//.test(source)) {
      event.preventDefault();
      warnExtensionError(event.error ?? event.message);
    }
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isExtensionError(event.reason)) {
      event.preventDefault();
      warnExtensionError(event.reason);
    }
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
