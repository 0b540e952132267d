/** Shown when username search is given an email address. */
export const EMAIL_INPUT_MESSAGE =
  'This looks like an email address. Username search checks profile names on sites, not addresses: ' +
  'to search the name part, enter it without the @domain.';

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/u;

/** True for input shaped like `local@domain.tld`. */
export function isEmailLike(input: string): boolean {
  return EMAIL.test(input.trim());
}
