/** The messages between the API thread and the database thread (pglite-thread.ts, pglite-worker.ts). */

export interface PgliteThreadStart {
  /** PGlite's data directory; undefined = in memory. */
  dataDir?: string;
  /**
   * In memory only: start from this file, a `dumpDataDir()` tarball of a migrated database, instead of
   * running initdb (the test suites' template: initdb is most of a new database's cost).
   */
  templateFile?: string;
}

export type ToDatabase =
  /** One statement, on the open transaction `txId` when given. */
  | { type: 'query'; id: number; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; txId?: number }
  /** Opens a transaction; its answer's `result` is the transaction's id. */
  | { type: 'begin'; id: number }
  /** Ends transaction `txId`: commit, or roll back. */
  | { type: 'end'; id: number; txId: number; commit: boolean }
  | { type: 'close'; id: number };

/** A database error as it crosses threads: the message and PostgreSQL's fields (code, constraint, …). */
export interface ThreadError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean>;
}

export type FromDatabase =
  | { type: 'ready' }
  | { type: 'failed'; error: ThreadError }
  | { id: number; type: 'ok'; result: unknown }
  | { id: number; type: 'error'; error: ThreadError };
