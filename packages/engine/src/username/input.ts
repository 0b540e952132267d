/** Longest username Hound searches. Longer input is rejected before any site sees it. */
export const MAX_USERNAME_LENGTH = 256;

export type UsernameInputErrorCode = 'empty_username' | 'username_too_long' | 'username_control_characters';

/** Bad search input, rejected before any request. `code` is stable for API clients. */
export class UsernameInputError extends Error {
  readonly code: UsernameInputErrorCode;
  constructor(code: UsernameInputErrorCode, message: string) {
    super(message);
    this.name = 'UsernameInputError';
    this.code = code;
  }
}

// C0/C1 controls, line/paragraph separators and bidi overrides: never part of a real username, and
// able to corrupt logs, headers and terminal output.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/**
 * Trims and NFC-normalises a username typed by a person.
 * @throws UsernameInputError when the result is empty, longer than `maxLength` characters, or has control characters.
 */
export function normaliseUsernameInput(input: string, maxLength = MAX_USERNAME_LENGTH): string {
  const name = input.trim().normalize('NFC');
  if (name.length === 0) throw new UsernameInputError('empty_username', 'The username is empty.');
  if ([...name].length > maxLength) {
    throw new UsernameInputError('username_too_long', `The username is longer than ${maxLength} characters.`);
  }
  if (CONTROL.test(name)) {
    throw new UsernameInputError('username_control_characters', 'The username contains control characters.');
  }
  return name;
}
