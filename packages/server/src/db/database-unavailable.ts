/**
 * Whether a failure means the database is away — refusing or dropping connections, restarting, out of
 * connections or of disk — rather than a fault in the request or the code. Such a failure is answered
 * 503 `SERVICE_UNAVAILABLE` like Redis being away (decision 136), and a search job failing on it is retried.
 * Walks the error's causes: Drizzle wraps the driver's error in its own.
 */

/** Node's socket and file-system codes of a server that is away or a disk that is full. */
const SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOSPC',
  'EDQUOT',
]);

/**
 * PostgreSQL's SQLSTATEs: class 08 (connection exception), 53 (insufficient resources: disk full, out of
 * memory, too many connections), 57P01–57P03 (shut down by an administrator, crashed, starting up), 58030
 * (I/O error).
 */
const isUnavailableState = (code: string) => /^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[123]$|^58030$/.test(code);

/** node-postgres' own errors for a connection that was lost or never made (they carry no code). */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|The database thread (failed|exited))/;

/** PGlite's file system reports a full disk as an errno (Emscripten's ENOSPC is 51, Linux's 28). */
const PGLITE_NO_SPACE = /No space left on device|ErrnoError \(errno (28|51)\)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SYSTEM_CODES.has(code) || isUnavailableState(code))) return true;
    if (typeof message === 'string' && (DRIVER_MESSAGES.test(message) || PGLITE_NO_SPACE.test(message))) return true;
  }
  return false;
}
