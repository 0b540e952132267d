import { SEARCH_MESSAGES } from '@hound/contracts';
import { EMAIL_INPUT_MESSAGE, isEmailLike } from '@hound/engine';
import { AppError } from '../../errors.ts';

/** What a username may contain: ASCII letters, digits, `.`, `_` and `-`, 1–64 characters after trimming. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Returns the trimmed username or throws a 422 AppError. */
export function validateUsername(input: string): string {
  const username = input.trim();
  if (isEmailLike(username)) throw new AppError('SEARCH_EMAIL_NOT_SUPPORTED', EMAIL_INPUT_MESSAGE);
  if (!USERNAME_PATTERN.test(username)) {
    throw new AppError('SEARCH_UNSUPPORTED_USERNAME', SEARCH_MESSAGES.unsupportedCharacters);
  }
  return username;
}
