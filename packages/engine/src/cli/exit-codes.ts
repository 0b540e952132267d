/** `hound` exit codes (documented in `hound --help` and the README). */
export const EXIT = {
  /** The search (or sites command) ran to the end, whatever it found. */
  ok: 0,
  /** Runtime failure: no catalogue available, unreadable file, bad proxy or CA, write error. */
  runtime: 1,
  /** Usage error: unknown option, missing username, bad value. Nothing was searched. */
  usage: 2,
  /** Interrupted (Ctrl-C); partial results were still written. */
  interrupted: 130,
} as const;
