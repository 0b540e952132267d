import { SEARCH_MESSAGES } from '@hound/contracts';
import { AppError } from '../../errors.ts';

/** What a username may contain: ASCII letters, digits, `.`, `_` and `-`, 1–64 characters after trimming. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Returns the trimmed username or throws a 422 AppError. */
export function validateUsername(input: string): string {
  const username = input.trim();
  if (EMAIL_SHAPE.test(username)) {
    throw new AppError(
      'SEARCH_EMAIL_NOT_SUPPORTED',
      'This looks like an email address. Username search takes a username; use the email search for email addresses.',
    );
  }
  if (!USERNAME_PATTERN.test(username)) {
    throw new AppError('SEARCH_UNSUPPORTED_USERNAME', SEARCH_MESSAGES.unsupportedCharacters);
  }
  return username;
}
