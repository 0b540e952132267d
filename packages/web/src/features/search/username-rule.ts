/**
 * The username rule the server applies (decision 046), from @hound/contracts: checked in the form so the
 * visitor learns the rule before sending.
 */
export { isSearchableUsername, USERNAME_MAX, type UsernameProblem, usernameProblem } from '@hound/contracts';
