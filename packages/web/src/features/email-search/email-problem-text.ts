import { EMAIL_SEARCH_MESSAGES } from '@hound/contracts';
import type { Messages } from '../../i18n/messages.ts';

/** The page's wording, in its language, for a problem `emailSearchProblem` found. */
export function emailProblemText(problem: string, errors: Messages['email']['errors']): string {
  if (problem === EMAIL_SEARCH_MESSAGES.empty) return errors.empty;
  if (problem === EMAIL_SEARCH_MESSAGES.malformed) return errors.malformed;
  return errors.invalid;
}
