/** Stable error codes thrown by the testkit. */
export type TestkitErrorCode =
  | 'INVALID_OPTION'
  | 'CATALOGUE_UNREADABLE'
  | 'CATALOGUE_INVALID'
  | 'CATALOGUE_FORMAT_UNKNOWN'
  | 'NO_SUCH_SITE'
  | 'INVALID_FAULT'
  | 'INVALID_ROUTE'
  | 'CLOSED';

/** Every error the testkit throws on bad input carries one of the stable codes above. */
export class TestkitError extends Error {
  readonly code: TestkitErrorCode;
  constructor(code: TestkitErrorCode, message: string) {
    super(message);
    this.name = 'TestkitError';
    this.code = code;
  }
}
