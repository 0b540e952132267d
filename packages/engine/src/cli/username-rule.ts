import { USERNAME_MAX, type UsernameProblem, usernameProblem } from '@hound/contracts';
import { SearchError } from '../search/errors.ts';
import { EMAIL_INPUT_MESSAGE, isEmailLike } from '../username/email.ts';
import { normaliseUsernameInput } from '../username/input.ts';
import { UsageError } from './args.ts';
import { printable } from './color.ts';

const RULE = `A username may contain letters A–Z, digits and . _ - only, up to ${USERNAME_MAX} characters (the web app's and the API's rule).`;

function what(problem: UsernameProblem): string {
  if (problem.kind === 'too_long') return `it has ${problem.length} characters`;
  if (problem.kind === 'space') return 'it has a space (try "john.doe" or "john_doe")';
  return `not allowed: ${problem.characters.map((c) => `"${printable(c)}"`).join(' ')}`;
}

/**
 * Refuses, before any catalogue is loaded or site asked, a name the web app and the API would refuse
 * (issue 41 item 6): an address, or a name that breaks the username rule of `@hound/contracts`.
 * @throws SearchError `email_address`, UsernameInputError or UsageError (exit status 2)
 */
export function checkUsernames(names: readonly string[]): void {
  for (const given of names) {
    if (isEmailLike(given)) throw new SearchError('email_address', EMAIL_INPUT_MESSAGE);
    const name = normaliseUsernameInput(given);
    const problem = usernameProblem(name);
    if (problem) throw new UsageError(`cannot search "${printable(name)}": ${what(problem)}. ${RULE}`);
  }
}
