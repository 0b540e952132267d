export type CatalogueErrorCode =
  | 'invalid_json'
  | 'unknown_catalogue_format'
  | 'invalid_catalogue'
  | 'format_mismatch'
  | 'catalogue_file_unreadable'
  | 'catalogue_unavailable';

/** A catalogue that cannot be read, recognised or obtained. `code` is stable. */
export class CatalogueError extends Error {
  readonly code: CatalogueErrorCode;
  constructor(code: CatalogueErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CatalogueError';
    this.code = code;
  }
}
