export type SearchErrorCode = 'email_address' | 'unknown_site' | 'engine_closed';

/** A search that cannot start (bad input or options). Nothing was requested. `code` is stable. */
export class SearchError extends Error {
  override readonly name = 'SearchError';
  constructor(
    readonly code: SearchErrorCode,
    message: string,
  ) {
    super(message);
  }
}
