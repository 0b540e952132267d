import { isSearchableUsername, SEARCH_MESSAGES } from '@hound/contracts';
import { EMAIL_INPUT_MESSAGE, isEmailLike } from '@hound/engine';
import { AppError } from '../../errors.ts';

/** Returns the trimmed username or throws a 422 AppError (the username rule: `@hound/contracts`). */
export function validateUsername(input: string): string {
  const username = input.trim();
  if (isEmailLike(username)) throw new AppError('SEARCH_EMAIL_NOT_SUPPORTED', EMAIL_INPUT_MESSAGE);
  if (!isSearchableUsername(username)) {
    throw new AppError('SEARCH_UNSUPPORTED_USERNAME', SEARCH_MESSAGES.unsupportedCharacters);
  }
  return username;
}
