/**
 * An error as the log may keep it (issue 38 item 8): its kind, its codes and where it was thrown — never
 * its text when a library wrote it. A driver error's message quotes the query and its parameters (Drizzle:
 * "Failed query: … params: <profile URLs with the username>"), PostgreSQL's quotes values ("invalid input
 * syntax …: "<value>""), an SMTP relay's names the recipient, Stripe's the address it refused. So:
 * - kept: `type` (the class or name), `code`, `errno`, `syscall`, PostgreSQL's `constraint`/`routine`, the
 *   stack's frames (file and line, no message), and the same for each cause (3 deep);
 * - the message only of Hound's own errors: `AppError` (fixed texts that users see as well) and plain
 *   `Error`s without a code (thrown by Hound with fixed texts; a library's plain errors carry a code);
 * - a string logged as `err` is the caller's own text and stays.
 */
import { AppError } from '../errors.ts';

type Logged = Record<string, unknown>;

const FIELDS = ['code', 'errno', 'syscall', 'constraint', 'routine'] as const;

export function safeError(error: unknown, depth = 0): unknown {
  if (typeof error === 'string') return error;
  if (typeof error !== 'object' || error === null) return { type: typeof error };
  const e = error as Error & Record<string, unknown>;
  const type = e.constructor?.name && e.constructor.name !== 'Object' ? e.constructor.name : String(e.name ?? 'Error');
  const out: Logged = { type };
  for (const field of FIELDS) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (hasOwnText(e)) out.message = e.message;
  if (typeof e.stack === 'string') {
    out.stack = e.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n');
  }
  if (e.cause !== undefined && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return out;
}

function hasOwnText(e: Error & Record<string, unknown>): boolean {
  if (e instanceof AppError) return true;
  return Object.getPrototypeOf(e) === Error.prototype && e.code === undefined && typeof e.message === 'string';
}
