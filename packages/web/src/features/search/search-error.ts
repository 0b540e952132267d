import type { Messages } from '../../i18n/messages.ts';
import { translateServerText } from '../../i18n/server-text.ts';
import type { UsernameProblem } from './username-rule.ts';

/**
 * Why a search could not run or finish (spec 000 §8). Kept as data so the message follows the
 * visitor's language; `serverText` is the server's own explanation where the spec says to show it.
 */
export type SearchError =
  | { kind: 'http'; status: number }
  | { kind: 'busy'; serverText?: string }
  | { kind: 'device_limit'; serverText?: string }
  | { kind: 'server_error'; serverText?: string }
  | { kind: 'unexpected_status' }
  | { kind: 'polling' }
  /** A reopened address whose search the server no longer keeps. */
  | { kind: 'missing' }
  /** Refused before sending: the name breaks the username rule. */
  | { kind: 'invalid_username'; problem: UsernameProblem }
  | { kind: 'unknown' };

export function searchErrorMessage(error: SearchError, m: Messages['errors']): string {
  switch (error.kind) {
    case 'http':
      if (error.status === 422) return m.unsupportedCharacters;
      if (error.status === 429) return m.tooManyActive;
      if (error.status >= 500) return m.serverError;
      return m.requestFailed;
    case 'busy':
      return error.serverText ? translateServerText(error.serverText) : m.busy;
    case 'device_limit':
      return error.serverText ? translateServerText(error.serverText) : m.deviceLimit;
    case 'server_error':
      return error.serverText ? translateServerText(error.serverText) : m.unexpectedError;
    case 'unexpected_status':
      return m.unexpectedResponse;
    case 'polling':
      return m.pollingFailed;
    case 'unknown':
      return m.unknown;
    case 'missing':
      return m.missing;
    case 'invalid_username':
      return usernameProblemMessage(error.problem, m);
  }
}

/** What is wrong with the name, then the rule itself (letters, digits, `.`, `_`, `-`, up to 64). */
export function usernameProblemMessage(problem: UsernameProblem, m: Messages['errors']): string {
  const what =
    problem.kind === 'too_long'
      ? m.usernameTooLong.replace('{length}', String(problem.length))
      : problem.kind === 'space'
        ? m.usernameSpace
        : m.usernameCharacters.replace('{characters}', problem.characters.map((c) => `“${c}”`).join(' '));
  return `${what} ${m.usernameRule}`;
}
