/**
 * The username rule the server applies (decision 046), from @hound/contracts: checked in the form so the
 * visitor learns the rule before sending. Its own entry point: the package's index would bring every schema
 * (and zod) into the search page's first load.
 */
export { isSearchableUsername, USERNAME_MAX, type UsernameProblem, usernameProblem } from '@hound/contracts/username';
