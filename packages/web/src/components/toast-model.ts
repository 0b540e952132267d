/** Notification rules of spec 001 §2/§9, kept free of React so they can be tested on their own. */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

export const TOAST_DURATION_MS = {
  default: 5000,
  subscription: 3000,
  globalError: 7000,
} as const;

/** Time a leaving toast animates out before it is removed. */
export const TOAST_EXIT_MS = 300;

export interface ToastInput {
  type?: ToastType;
  title?: string;
  message: string;
  durationMs?: number;
}

export interface ToastItem {
  id: number;
  type: ToastType;
  title?: string;
  message: string;
  /** From a `[[CODE:x]]` marker in the message, shown as a badge. */
  code?: string;
  durationMs: number;
  leaving: boolean;
}

const CODE_MARKER = /\[\[CODE:([^\]]{1,40})\]\]/;

/** Splits a `[[CODE:x]]` marker out of the message: the text without it, and the code for the badge. */
export function parseCodeMarker(message: string): { message: string; code?: string } {
  const match = CODE_MARKER.exec(message);
  if (!match) return { message };
  return {
    message: message
      .replace(CODE_MARKER, '')
      .replace(/\s{2,}/g, ' ')
      .trim(),
    code: match[1]!.trim(),
  };
}

export function toToastItem(id: number, input: ToastInput): ToastItem {
  const { message, code } = parseCodeMarker(input.message);
  return {
    id,
    type: input.type ?? 'info',
    ...(input.title ? { title: input.title } : {}),
    message,
    ...(code ? { code } : {}),
    durationMs: input.durationMs ?? TOAST_DURATION_MS.default,
    leaving: false,
  };
}
